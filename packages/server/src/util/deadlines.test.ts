import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Deadlines } from "./deadlines.ts";

describe("Deadlines", () => {
  let fired: Array<[string, number]>;
  let deadlines: Deadlines;
  const now = () => Date.now();

  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    fired = [];
    deadlines = new Deadlines((key) => fired.push([key, now()]), now, 5);
  });
  afterEach(() => {
    deadlines.clear();
    vi.useRealTimers();
  });

  it("calls each key once its deadline has passed, earliest first", () => {
    deadlines.set("b", 200);
    deadlines.set("a", 100);
    deadlines.set("c", 300);
    vi.advanceTimersByTime(104);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(fired).toEqual([
      ["a", 105],
      ["b", 205],
      ["c", 305],
    ]);
    expect(deadlines.size).toBe(0);
  });

  it("moves a key's deadline later or earlier, and forgets a deleted one", () => {
    deadlines.set("a", 100);
    deadlines.set("b", 150);
    deadlines.set("a", 400); // the earliest moved later: the timer fires early once, then waits for b
    deadlines.set("c", 500);
    deadlines.set("c", 50); // moved earlier than any
    deadlines.delete("b");
    deadlines.delete("missing");
    vi.advanceTimersByTime(1_000);
    expect(fired).toEqual([
      ["c", 55],
      ["a", 405],
    ]);
  });

  it("keeps the heap in order through many updates", () => {
    const due = new Map<string, number>();
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let i = 0; i < 2_000; i++) {
      const key = `g${Math.floor(random() * 200)}`;
      if (random() < 0.1) {
        deadlines.delete(key);
        due.delete(key);
      } else {
        const at = 1 + Math.floor(random() * 10_000);
        deadlines.set(key, at);
        due.set(key, at);
      }
    }
    for (const [key, at] of due) expect(deadlines.get(key)).toBe(at);
    vi.advanceTimersByTime(20_000);
    // Every key once, in the order of its deadline (keys due together in any order), none before it.
    expect(fired.map(([k]) => k).sort()).toEqual([...due.keys()].sort());
    const order = fired.map(([k]) => due.get(k) as number);
    expect(order).toEqual([...order].sort((x, y) => x - y));
    for (const [key, at] of fired) expect(at).toBeGreaterThanOrEqual(due.get(key) as number);
  });

  it("lets a called key be set again, and an overdue one fire at once", () => {
    const again = new Deadlines(
      (key) => {
        fired.push([key, now()]);
        if (fired.length < 3) again.set(key, now() + 10);
      },
      now,
      0,
    );
    again.set("a", -50);
    vi.advanceTimersByTime(0);
    expect(fired).toEqual([["a", 0]]);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual([
      ["a", 0],
      ["a", 10],
      ["a", 20],
    ]);
    again.clear();
  });

  it("still calls the other keys when a callback throws", () => {
    const errors: unknown[] = [];
    const throwing = new Deadlines(
      (key) => {
        fired.push([key, now()]);
        if (key === "a") throw new Error("boom");
      },
      now,
      0,
    );
    throwing.set("a", 10);
    throwing.set("b", 10);
    throwing.set("c", 20);
    try {
      vi.advanceTimersByTime(10);
    } catch (e) {
      errors.push(e);
    }
    vi.advanceTimersByTime(100);
    expect(errors).toHaveLength(1);
    expect(fired.map(([k]) => k)).toEqual(["a", "b", "c"]);
    throwing.clear();
  });

  it("fires nothing after clear", () => {
    deadlines.set("a", 10);
    deadlines.clear();
    vi.advanceTimersByTime(100);
    expect(fired).toEqual([]);
    expect(deadlines.get("a")).toBeUndefined();
  });
});
