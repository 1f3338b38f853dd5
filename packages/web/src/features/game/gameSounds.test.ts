import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("soundForSan", () => {
  it.each([
    ["e4", "move"],
    ["Nxe5", "capture"],
    ["Qh4#", "check"],
    ["Bxf7+", "check"],
    ["O-O", "move"],
    ["exd8=Q", "capture"],
  ])("%s → %s", async (san, sound) => {
    const { soundForSan } = await import("./gameSounds.ts");
    expect(soundForSan(san)).toBe(sound);
  });
});

describe("SOUND_RECIPES", () => {
  it("every sound is audible, never too loud, and over within 1.5 s", async () => {
    const { SOUND_RECIPES } = await import("./gameSounds.ts");
    for (const [name, parts] of Object.entries(SOUND_RECIPES)) {
      expect(parts.length, name).toBeGreaterThan(0);
      for (const part of parts) {
        expect(part.gain, name).toBeGreaterThan(0);
        expect(part.gain, name).toBeLessThanOrEqual(0.6);
        expect(part.at + part.decay * 4, name).toBeLessThan(1.5 * 4);
      }
      const end = Math.max(...parts.map((p) => p.at + p.decay));
      expect(end, name).toBeLessThan(1.5);
    }
  });

  it("a move is short and a capture has two knocks", async () => {
    const { SOUND_RECIPES } = await import("./gameSounds.ts");
    expect(Math.max(...SOUND_RECIPES.move.map((p) => p.at + p.decay))).toBeLessThan(0.1);
    expect(SOUND_RECIPES.capture.filter((p) => p.kind === "knock")).toHaveLength(2);
  });
});

/** An AudioContext that starts suspended, as a browser makes one before the first click. */
class FakeAudioContext extends EventTarget {
  state: AudioContextState = "suspended";
  resume = vi.fn(async () => {
    this.state = "running";
    this.dispatchEvent(new Event("statechange"));
  });
}

describe("audioStatus", () => {
  it("is blocked until a click resumes the context, and tells its listeners", async () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    const { audioStatus, onAudioStatusChange, unlockAudio } = await import("./gameSounds.ts");
    const heard = vi.fn();
    onAudioStatusChange(heard);
    expect(audioStatus()).toBe("blocked");
    unlockAudio();
    await vi.waitFor(() => expect(heard).toHaveBeenCalled());
    expect(audioStatus()).toBe("ready");
  });

  it("is unavailable without Web Audio", async () => {
    vi.stubGlobal("AudioContext", undefined);
    const { audioStatus } = await import("./gameSounds.ts");
    expect(audioStatus()).toBe("unavailable");
  });
});
