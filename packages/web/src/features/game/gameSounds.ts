/** Short synthesized sounds for moves, captures, checks and the end of a game (no audio files). */
import { DEFAULT_PREFERENCES } from "@chess/shared";

export type GameSound = "move" | "capture" | "check" | "end";

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

/** The player's volume (0-100) as a factor on the tones' gains: the default volume plays them as designed. */
export function volumeFactor(volume: number): number {
  return Math.max(0, Math.min(volume, 100)) / DEFAULT_PREFERENCES.soundVolume;
}

/** Plays `sound` now at `volume` (0-100); silently does nothing where Web Audio is missing or blocked. */
export function playSound(sound: GameSound, volume: number = DEFAULT_PREFERENCES.soundVolume): void {
  const factor = volumeFactor(volume);
  if (factor <= 0) return;
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
      gain.gain.exponentialRampToValueAtTime(tone.gain * factor, t + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + tone.duration);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + tone.duration + 0.02);
    }
  } catch {
    // Sounds are a nicety: never let them break the game.
  }
}
