import type { SoundSet } from "@chess/shared";
import { soundUrl } from "./soundFiles.ts";
import { GAME_SOUNDS, type GameSound } from "./soundNames.ts";

/** A sound whose file arrives later than this after it was asked for is no longer about that moment. */
const STALE_S = 0.5;

let context: AudioContext | undefined;
const listeners = new Set<() => void>();
const buffers = new Map<string, Promise<AudioBuffer | null>>();

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

/** A file fetched and decoded once (the browser's own decoder); null when it cannot be had, tried again later. */
function load(ctx: AudioContext, url: string): Promise<AudioBuffer | null> {
  let buffer = buffers.get(url);
  if (!buffer) {
    buffer = fetch(url)
      .then((res) => {
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        return res.arrayBuffer();
      })
      .then((bytes) => ctx.decodeAudioData(bytes))
      .catch(() => {
        buffers.delete(url);
        return null;
      });
    buffers.set(url, buffer);
  }
  return buffer;
}

/** Fetches a set's files ahead of need (a game opening), so its first move sounds on time. */
export function preloadSoundSet(set: SoundSet): void {
  const ctx = audio();
  if (ctx) for (const sound of GAME_SOUNDS) void load(ctx, soundUrl(set, sound));
}

/** Plays a set's `sound` at `gain` (0-1); silently does nothing where Web Audio is missing or blocked. */
export function playSoundFile(set: SoundSet, sound: GameSound, gain: number): void {
  if (gain <= 0) return;
  try {
    const ctx = audio();
    if (!ctx) return;
    if (ctx.state === "suspended") void ctx.resume().catch(() => {});
    const asked = ctx.currentTime;
    void load(ctx, soundUrl(set, sound)).then((buffer) => {
      if (!buffer || ctx.currentTime - asked > STALE_S) return;
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      const level = ctx.createGain();
      level.gain.value = gain;
      source.connect(level).connect(ctx.destination);
      source.start();
    });
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
