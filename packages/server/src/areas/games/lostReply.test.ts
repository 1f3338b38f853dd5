import { describe, expect, it } from "vitest";
import { settledWrite } from "./lostReply.ts";

const lost = () => Object.assign(new Error("Connection terminated unexpectedly"), { code: undefined });
const refused = () => Object.assign(new Error("no space left on device"), { code: "53100" });

describe("settledWrite: a write whose answer may be lost, settled by its deadline", () => {
  it("gives the write's value when it answers", async () => {
    expect(await settledWrite(Promise.resolve(7), async () => false, Date.now() + 500)).toEqual({ value: 7 });
  });

  it("throws the database's own refusal without reading anything back", async () => {
    let reads = 0;
    const read = async () => {
      reads += 1;
      return true;
    };
    await expect(settledWrite(Promise.reject(refused()), read, Date.now() + 500)).rejects.toThrow(/no space/);
    expect(reads).toBe(0);
  });

  it("reads a write whose connection went back: stored, or its error when it is not there", async () => {
    const answers = [lost(), true];
    const read = async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next === true;
    };
    expect(await settledWrite(Promise.reject(lost()), read, Date.now() + 1_000)).toBe("stored");
    await expect(settledWrite(Promise.reject(lost()), async () => false, Date.now() + 500)).rejects.toThrow(
      /Connection terminated/,
    );
  });

  it("is unknown by the deadline when nothing answers, or the read back keeps failing", async () => {
    const started = Date.now();
    expect(await settledWrite(new Promise(() => {}), async () => true, started + 300)).toBe("unknown");
    expect(
      await settledWrite(
        Promise.reject(lost()),
        async () => {
          throw lost();
        },
        Date.now() + 500,
      ),
    ).toBe("unknown");
    expect(Date.now() - started).toBeLessThan(1_200);
  });
});
