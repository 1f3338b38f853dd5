import { describe, expect, it } from "vitest";
import { latestLoads } from "./latestLoads.ts";

/** A load whose answer the test gives when it wants. */
function pending<T>() {
  let answer: (value: T) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

describe("latestLoads", () => {
  it.each([
    { order: "in order", answers: ["first", "second"] },
    { order: "the earlier one last", answers: ["second", "first"] },
  ])("shows only the latest of two loads in flight, answered $order", async ({ answers }) => {
    const load = latestLoads();
    const seen: string[] = [];
    const loads = { first: pending<string>(), second: pending<string>() };
    const done = [load(loads.first.promise, (v) => seen.push(v)), load(loads.second.promise, (v) => seen.push(v))];
    for (const which of answers as Array<keyof typeof loads>) loads[which].answer(which);
    await Promise.all(done);
    expect(seen).toEqual(["second"]);
  });

  it("shows each answer of loads one after the other", async () => {
    const load = latestLoads();
    const seen: string[] = [];
    await load(Promise.resolve("first"), (v) => seen.push(v));
    await load(Promise.resolve("second"), (v) => seen.push(v));
    expect(seen).toEqual(["first", "second"]);
  });

  it("keeps what is shown when a load fails, and never rejects", async () => {
    const load = latestLoads();
    const seen: string[] = [];
    const failing = pending<string>();
    const done = load(failing.promise, (v) => seen.push(v));
    failing.fail(new Error("offline"));
    await expect(done).resolves.toBeUndefined();
    expect(seen).toEqual([]);
  });

  it("counts each list apart", async () => {
    const [a, b] = [latestLoads(), latestLoads()];
    const seen: string[] = [];
    await Promise.all([a(Promise.resolve("a"), (v) => seen.push(v)), b(Promise.resolve("b"), (v) => seen.push(v))]);
    expect(seen.sort()).toEqual(["a", "b"]);
  });
});
