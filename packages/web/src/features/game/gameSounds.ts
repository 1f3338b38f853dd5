/**
 * The game's sounds, synthesized with Web Audio (no audio files): a wooden knock for a move, a sharper double
 * knock for a capture, a knock with a bright ping for a check, a soft bell for the end and a tick-tock when
 * the clock runs low. Each is a short recipe of filtered noise bursts and decaying tones.
 */
import { DEFAULT_PREFERENCES } from "@chess/shared";

export type GameSound = "move" | "capture" | "check" | "end" | "lowTime";

/** Which sound a move in SAN makes: a check above a capture above a plain move. */
export function soundForSan(san: string): GameSound {
  if (san.includes("+") || san.includes("#")) return "check";
  if (san.includes("x")) return "capture";
  return "move";
}

/** A burst of band-passed noise: the click of wood on wood. */
interface Knock {
  kind: "knock";
  /** Seconds after the start. */
  at: number;
  /** Centre of the band, Hz. */
  band: number;
  q: number;
  decay: number;
  gain: number;
}

/** A sine whose pitch may fall from `freq` to `to`: the body of a knock, a ping or a bell partial. */
interface Tone {
  kind: "tone";
  at: number;
  freq: number;
  to?: number;
  decay: number;
  gain: number;
  type?: OscillatorType;
}

export type SoundPart = Knock | Tone;

/** The recipe of each sound. Exported so a test can check every part is audible and short. */
export const SOUND_RECIPES: Record<GameSound, SoundPart[]> = {
  move: [
    { kind: "knock", at: 0, band: 1800, q: 1.2, decay: 0.045, gain: 0.55 },
    { kind: "tone", at: 0, freq: 210, to: 140, decay: 0.07, gain: 0.35 },
  ],
  capture: [
    { kind: "knock", at: 0, band: 2600, q: 1.6, decay: 0.035, gain: 0.6 },
    { kind: "tone", at: 0, freq: 260, to: 170, decay: 0.05, gain: 0.3 },
    { kind: "knock", at: 0.045, band: 1500, q: 1.1, decay: 0.06, gain: 0.55 },
    { kind: "tone", at: 0.045, freq: 190, to: 120, decay: 0.08, gain: 0.35 },
  ],
  check: [
    { kind: "knock", at: 0, band: 1800, q: 1.2, decay: 0.045, gain: 0.55 },
    { kind: "tone", at: 0, freq: 210, to: 140, decay: 0.07, gain: 0.3 },
    { kind: "tone", at: 0.06, freq: 1568, decay: 0.22, gain: 0.12 },
    { kind: "tone", at: 0.06, freq: 2352, decay: 0.12, gain: 0.05 },
  ],
  end: [
    { kind: "tone", at: 0, freq: 523.25, decay: 1.1, gain: 0.18 },
    { kind: "tone", at: 0, freq: 1046.5, decay: 0.6, gain: 0.06 },
    { kind: "tone", at: 0.12, freq: 659.25, decay: 1.0, gain: 0.15 },
    { kind: "tone", at: 0.24, freq: 783.99, decay: 1.2, gain: 0.15 },
    { kind: "tone", at: 0.24, freq: 1567.98, decay: 0.5, gain: 0.04 },
  ],
  lowTime: [
    { kind: "tone", at: 0, freq: 1245, decay: 0.06, gain: 0.16, type: "triangle" },
    { kind: "knock", at: 0, band: 3500, q: 2, decay: 0.02, gain: 0.25 },
    { kind: "tone", at: 0.18, freq: 988, decay: 0.07, gain: 0.16, type: "triangle" },
    { kind: "knock", at: 0.18, band: 3000, q: 2, decay: 0.02, gain: 0.25 },
  ],
};

let context: AudioContext | undefined;
let noise: AudioBuffer | undefined;
const listeners = new Set<() => void>();

/** The page's one AudioContext, made on first use; undefined where Web Audio is missing. */
function audio(): AudioContext | undefined {
  if (context) return context;
  const Ctor = globalThis.AudioContext;
  if (!Ctor) return undefined;
  try {
    context = new Ctor();
  } catch {
    return undefined;
  }
  context.addEventListener("statechange", () => {
    for (const l of listeners) l();
  });
  return context;
}

function noiseBuffer(ctx: AudioContext): AudioBuffer {
  if (noise && noise.sampleRate === ctx.sampleRate) return noise;
  const length = Math.floor(ctx.sampleRate * 0.25);
  noise = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = noise.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = Math.random() * 2 - 1;
  return noise;
}

/** The player's volume (0-100) as a factor on the recipes' gains: the default volume plays them as designed. */
export function volumeFactor(volume: number): number {
  return Math.max(0, Math.min(volume, 100)) / DEFAULT_PREFERENCES.soundVolume;
}

function envelope(ctx: AudioContext, t: number, peak: number, decay: number): GainNode {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(Math.max(peak, 0.0002), t + 0.004);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.004 + decay * 4);
  return gain;
}

function playPart(ctx: AudioContext, out: AudioNode, part: SoundPart, start: number, factor: number): void {
  const t = start + part.at;
  const gain = envelope(ctx, t, part.gain * factor, part.decay);
  const end = t + 0.01 + part.decay * 4;
  if (part.kind === "knock") {
    const src = ctx.createBufferSource();
    src.buffer = noiseBuffer(ctx);
    const band = ctx.createBiquadFilter();
    band.type = "bandpass";
    band.frequency.value = part.band;
    band.Q.value = part.q;
    src.connect(band).connect(gain).connect(out);
    src.start(t, Math.random() * 0.1);
    src.stop(end);
    return;
  }
  const osc = ctx.createOscillator();
  osc.type = part.type ?? "sine";
  osc.frequency.setValueAtTime(part.freq, t);
  if (part.to) osc.frequency.exponentialRampToValueAtTime(part.to, t + part.decay * 2);
  osc.connect(gain).connect(out);
  osc.start(t);
  osc.stop(end);
}

/** Plays `sound` now at `volume` (0-100); silently does nothing where Web Audio is missing or blocked. */
export function playSound(sound: GameSound, volume: number = DEFAULT_PREFERENCES.soundVolume): void {
  const factor = volumeFactor(volume);
  if (factor <= 0) return;
  try {
    const ctx = audio();
    if (!ctx) return;
    if (ctx.state === "suspended") void ctx.resume().catch(() => {});
    // A gentle low-pass and compressor keep the noise from hissing and several sounds from clipping.
    const soften = ctx.createBiquadFilter();
    soften.type = "lowpass";
    soften.frequency.value = 6000;
    const limiter = ctx.createDynamicsCompressor();
    soften.connect(limiter).connect(ctx.destination);
    const start = ctx.currentTime + 0.005;
    for (const part of SOUND_RECIPES[sound]) playPart(ctx, soften, part, start, factor);
  } catch {
    // Sounds are a nicety: never let them break the game.
  }
}

/** "blocked" while the browser keeps sound off until the first click or key on the page. */
export type AudioStatus = "ready" | "blocked" | "unavailable";

/** Whether sound can play now. Makes the AudioContext, which a browser starts suspended before any gesture. */
export function audioStatus(): AudioStatus {
  const ctx = audio();
  if (!ctx) return "unavailable";
  return ctx.state === "suspended" ? "blocked" : "ready";
}

/** Calls `listener` when audioStatus() may have changed; returns the unsubscribe. */
export function onAudioStatusChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resumes sound; call from a click or key handler, which is when browsers allow it. */
export function unlockAudio(): void {
  const ctx = audio();
  if (ctx?.state === "suspended") void ctx.resume().catch(() => {});
}
