import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** An AudioContext that starts suspended, as a browser makes one before the first click, and records what plays. */
class FakeAudioContext extends EventTarget {
  static last: FakeAudioContext | undefined;
  state: AudioContextState = "suspended";
  currentTime = 0;
  destination = {};
  started: Array<{ buffer: unknown; gain: number }> = [];
  constructor() {
    super();
    FakeAudioContext.last = this;
  }
  resume = vi.fn(async () => {
    this.state = "running";
    this.dispatchEvent(new Event("statechange"));
  });
  decodeAudioData = vi.fn(async (bytes: ArrayBuffer) => ({ decodedFrom: new TextDecoder().decode(bytes) }));
  createGain() {
    return { gain: { value: 1 }, connect: (to: unknown) => to };
  }
  createBufferSource() {
    const source = {
      buffer: null as unknown,
      level: undefined as { gain: { value: number } } | undefined,
      connect: (level: { gain: { value: number } }) => {
        source.level = level;
        return level;
      },
      start: () => this.started.push({ buffer: source.buffer, gain: source.level?.gain.value ?? 1 }),
    };
    return source;
  }
}

/** Each file's "bytes" are its URL, so a test sees which file was decoded and played. */
const fetchFiles = vi.fn(async (url: string) => new Response(url));

async function player() {
  vi.stubGlobal("AudioContext", FakeAudioContext);
  vi.stubGlobal("fetch", fetchFiles);
  fetchFiles.mockClear();
  return import("./soundPlayer.ts");
}

describe("playSoundFile", () => {
  it("plays the chosen set's file at the gain given, fetching each file once", async () => {
    const { playSoundFile } = await player();
    playSoundFile("chime", "capture", 0.25);
    playSoundFile("chime", "capture", 0.5);
    const ctx = FakeAudioContext.last!;
    await vi.waitFor(() => expect(ctx.started).toHaveLength(2));
    expect(fetchFiles).toHaveBeenCalledTimes(1);
    expect(String(fetchFiles.mock.calls[0]?.[0])).toMatch(/chime-capture\.wav$/);
    expect(ctx.started.map((s) => s.gain)).toEqual([0.25, 0.5]);
    expect(ctx.started[0]?.buffer).toEqual({ decodedFrom: expect.stringMatching(/chime-capture\.wav$/) });
    // Playing asks the browser to let sound out (it may wait for a click).
    expect(ctx.resume).toHaveBeenCalled();
  });

  it("plays nothing at no gain, and skips a file that came too late to be about its moment", async () => {
    const { playSoundFile } = await player();
    playSoundFile("wood", "move", 0);
    expect(fetchFiles).not.toHaveBeenCalled();
    playSoundFile("wood", "move", 1);
    const ctx = FakeAudioContext.last!;
    ctx.currentTime = 2;
    await vi.waitFor(() => expect(fetchFiles).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(ctx.started).toHaveLength(0);
  });

  it("preloads every sound of a set", async () => {
    const { preloadSoundSet } = await player();
    preloadSoundSet("digital");
    const urls = fetchFiles.mock.calls.map((c) => String(c[0]).replace(/^.*\//, ""));
    expect(urls).toEqual([
      "digital-move.wav",
      "digital-capture.wav",
      "digital-check.wav",
      "digital-end.wav",
      "digital-lowTime.wav",
    ]);
  });
});

describe("audioStatus", () => {
  it("is blocked until a click resumes the context, and tells its listeners", async () => {
    const { audioStatus, onAudioStatusChange, unlockAudio } = await player();
    const heard = vi.fn();
    onAudioStatusChange(heard);
    expect(audioStatus()).toBe("blocked");
    unlockAudio();
    await vi.waitFor(() => expect(heard).toHaveBeenCalled());
    expect(audioStatus()).toBe("ready");
  });

  it("is unavailable without Web Audio", async () => {
    vi.stubGlobal("AudioContext", undefined);
    const { audioStatus } = await import("./soundPlayer.ts");
    expect(audioStatus()).toBe("unavailable");
  });
});
