import { describe, expect, it } from "vitest";
import {
  DEFAULT_TOAST_MS,
  initialToasts,
  MAX_QUEUED_TOASTS,
  MAX_VISIBLE_TOASTS,
  makeToast,
  type ToastInput,
  type ToastState,
  toastReducer,
  visibleToasts,
} from "./toastStore.ts";

const show = (state: ToastState, id: string, extra: Partial<ToastInput> = {}) =>
  toastReducer(state, { type: "show", toast: makeToast({ id, title: id, ...extra }) });

describe("makeToast", () => {
  it("gives defaults: an id, info, 6 s", () => {
    const a = makeToast({ title: "Hi" });
    const b = makeToast({ title: "Hi" });
    expect(a.id).not.toBe(b.id);
    expect(a).toMatchObject({ title: "Hi", tone: "info", durationMs: DEFAULT_TOAST_MS });
    expect(a.actions).toBeUndefined();
  });

  it("keeps a prompt until answered, unless told otherwise", () => {
    const actions = [{ label: "Accept", onAction: () => {} }];
    expect(makeToast({ title: "Q?", actions, prompt: true }).durationMs).toBeNull();
    expect(makeToast({ title: "Q?", actions, prompt: true, durationMs: 1000 }).durationMs).toBe(1000);
    // Buttons alone do not make a prompt.
    const linkish = makeToast({ title: "News", actions });
    expect(linkish.prompt).toBeUndefined();
    expect(linkish.durationMs).toBe(DEFAULT_TOAST_MS);
    // A prompt needs something to answer with.
    expect(makeToast({ title: "Q?", prompt: true }).prompt).toBeUndefined();
  });
});

describe("toastReducer", () => {
  it("queues toasts oldest first and shows the first few", () => {
    let s = initialToasts;
    for (let i = 0; i < MAX_VISIBLE_TOASTS + 2; i++) s = show(s, `t${i}`);
    expect(s.toasts).toHaveLength(MAX_VISIBLE_TOASTS + 2);
    expect(visibleToasts(s).map((t) => t.id)).toEqual(["t0", "t1", "t2", "t3"]);
    s = toastReducer(s, { type: "dismiss", id: "t1" });
    expect(visibleToasts(s).map((t) => t.id)).toEqual(["t0", "t2", "t3", "t4"]);
  });

  it("replaces a toast with the same id in place", () => {
    let s = show(initialToasts, "a");
    s = show(s, "b");
    s = show(s, "a", { title: "newer" });
    expect(s.toasts.map((t) => [t.id, t.title])).toEqual([
      ["a", "newer"],
      ["b", "b"],
    ]);
  });

  it("ignores dismissing an unknown toast", () => {
    const s = show(initialToasts, "a");
    expect(toastReducer(s, { type: "dismiss", id: "zzz" })).toBe(s);
  });

  it("drops the oldest timed toast when the queue is full, never a waiting prompt", () => {
    let s = show(initialToasts, "prompt", { actions: [{ label: "OK", onAction: () => {} }], prompt: true });
    for (let i = 0; i < MAX_QUEUED_TOASTS; i++) s = show(s, `t${i}`);
    expect(s.toasts).toHaveLength(MAX_QUEUED_TOASTS);
    expect(s.toasts[0]?.id).toBe("prompt");
    expect(s.toasts.some((t) => t.id === "t0")).toBe(false);
  });
});
