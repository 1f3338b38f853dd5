import { describe, expect, it } from "vitest";
import { ConnectLimiter, type ConnectLimits } from "./connectLimiter.ts";

const limits: ConnectLimits = { burst: 3, perSecond: 1, open: 4, maxAddresses: 100 };

/** One step of a script: at `t` ms, an address connects (→ its expected outcome), or a connection opens or closes. */
type Step =
  | { t: number; admit: string; expect: "ok" | "rate" | "open" }
  | { t: number; opened: string }
  | { t: number; closed: string };

function play(steps: Step[], given: ConnectLimits = limits): ConnectLimiter {
  let t = 0;
  const limiter = new ConnectLimiter(given, () => t);
  for (const [i, step] of steps.entries()) {
    t = step.t;
    if ("admit" in step) {
      const got = limiter.admit(step.admit);
      expect(got.ok ? "ok" : got.reason, `step ${i}: ${step.admit} at ${step.t} ms`).toBe(step.expect);
    } else if ("opened" in step) limiter.opened(step.opened);
    else limiter.closed(step.closed);
  }
  return limiter;
}

const admits = (address: string, t: number, outcomes: Array<"ok" | "rate" | "open">): Step[] =>
  outcomes.map((expect) => ({ t, admit: address, expect }));

describe("ConnectLimiter", () => {
  it.each<[string, Step[]]>([
    ["a burst passes, the next is refused", admits("a", 0, ["ok", "ok", "ok", "rate", "rate"])],
    [
      "the allowance refills at its rate, never above the burst",
      [
        ...admits("a", 0, ["ok", "ok", "ok", "rate"]),
        ...admits("a", 999, ["rate"]),
        ...admits("a", 1_000, ["ok", "rate"]),
        ...admits("a", 60_000, ["ok", "ok", "ok", "rate"]),
      ],
    ],
    [
      "refusals take nothing from the allowance",
      [...admits("a", 0, ["ok", "ok", "ok", "rate", "rate", "rate"]), ...admits("a", 1_000, ["ok"])],
    ],
    [
      "addresses are counted apart",
      [...admits("a", 0, ["ok", "ok", "ok", "rate"]), ...admits("b", 0, ["ok", "ok", "ok", "rate"])],
    ],
    [
      "an address holding its cap of open connections is refused until one closes",
      [
        ...admits("a", 0, ["ok", "ok", "ok"]),
        { t: 0, opened: "a" },
        { t: 0, opened: "a" },
        { t: 0, opened: "a" },
        { t: 0, opened: "a" },
        ...admits("a", 10_000, ["open"]),
        ...admits("b", 10_000, ["ok"]),
        { t: 10_000, closed: "a" },
        ...admits("a", 10_000, ["ok"]),
      ],
    ],
    [
      "a refusal for open connections takes nothing from the allowance",
      [
        ...[1, 2, 3, 4].map((): Step => ({ t: 0, opened: "a" })),
        ...admits("a", 0, ["open", "open", "open", "open"]),
        { t: 0, closed: "a" },
        ...admits("a", 0, ["ok", "ok", "ok", "rate"]),
      ],
    ],
  ])("%s", (_name, steps) => {
    play(steps);
  });

  it("does not go below zero when the clock steps back", () => {
    play([...admits("a", 5_000, ["ok", "ok", "ok"]), ...admits("a", 0, ["rate"]), ...admits("a", 6_000, ["ok"])]);
  });

  it("forgets buckets that have filled up again, a little on every call", () => {
    let t = 0;
    const limiter = new ConnectLimiter(limits, () => t);
    for (let i = 0; i < 50; i++) limiter.admit(`10.0.0.${i}`);
    expect(limiter.size.buckets).toBe(50);
    t = 2_999;
    limiter.admit("b");
    expect(limiter.size.buckets).toBe(51);
    // Three seconds on (burst / rate) each of the 50 is full again: every call forgets up to two of them.
    t = 3_000;
    for (let i = 0; i < 25; i++) limiter.admit("b");
    expect(limiter.size.buckets).toBe(1);
  });

  it("keeps at most maxAddresses buckets under a flood of distinct addresses", () => {
    const t = 0;
    const limiter = new ConnectLimiter({ ...limits, maxAddresses: 10 }, () => t);
    for (let i = 0; i < 10_000; i++) expect(limiter.admit(`2001:db8::${i.toString(16)}`).ok).toBe(true);
    expect(limiter.size.buckets).toBe(10);
  });

  it("forgets an address's open count once its last connection closed", () => {
    const limiter = play([
      { t: 0, opened: "a" },
      { t: 0, opened: "a" },
      { t: 0, closed: "a" },
    ]);
    expect(limiter.size.open).toBe(1);
    limiter.closed("a");
    expect(limiter.size.open).toBe(0);
  });
});
