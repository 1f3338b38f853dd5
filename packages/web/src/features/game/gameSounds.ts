/** Short synthesized sounds for moves, captures, checks and the end of a game (no audio files). */

export type GameSound = "move" | "capture" | "check" | "end";

/** localStorage key of the mute choice ("1" = muted). */
export const MUTE_KEY = "soundMuted";

/** Which sound a move in SAN makes: a check above a capture above a plain move. */
export function soundForSan(san: string): GameSound {
  if (san.includes("+") || san.includes("#")) return "check";
  if (san.includes("x")) return "capture";
  return "move";
}

interface Tone {
  freq: number;
  /** Seconds after the start. */
  at: number;
  duration: number;
  type: OscillatorType;
  gain: number;
}

const TONES: Record<GameSound, Tone[]> = {
  move: [{ freq: 520, at: 0, duration: 0.07, type: "triangle", gain: 0.25 }],
  capture: [
    { freq: 300, at: 0, duration: 0.09, type: "square", gain: 0.12 },
    { freq: 220, at: 0.04, duration: 0.09, type: "triangle", gain: 0.2 },
  ],
  check: [
    { freq: 660, at: 0, duration: 0.08, type: "triangle", gain: 0.22 },
    { freq: 880, at: 0.09, duration: 0.1, type: "triangle", gain: 0.22 },
  ],
  end: [
    { freq: 523, at: 0, duration: 0.16, type: "sine", gain: 0.25 },
    { freq: 659, at: 0.14, duration: 0.16, type: "sine", gain: 0.25 },
    { freq: 784, at: 0.28, duration: 0.3, type: "sine", gain: 0.25 },
  ],
};

let context: AudioContext | undefined;

/** Plays `sound` now; silently does nothing where Web Audio is missing or blocked. */
export function playSound(sound: GameSound): void {
  try {
    const Ctor = globalThis.AudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    const ctx = context;
    if (ctx.state === "suspended") void ctx.resume().catch(() => {});
    const start = ctx.currentTime + 0.01;
    for (const tone of TONES[sound]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = tone.type;
      osc.frequency.value = tone.freq;
      const t = start + tone.at;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(tone.gain, t + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + tone.duration);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + tone.duration + 0.02);
    }
  } catch {
    // Sounds are a nicety: never let them break the game.
  }
}

/** Whether sounds are muted (remembered in localStorage). */
export function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

export function storeMuted(muted: boolean): void {
  try {
    if (muted) localStorage.setItem(MUTE_KEY, "1");
    else localStorage.removeItem(MUTE_KEY);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}
