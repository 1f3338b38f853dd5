import type { SoundSet } from "@chess/shared";
import type { GameSound } from "./soundNames.ts";

/**
 * A burst of band-passed noise: the click of wood on wood. Times are seconds; `decay` is the time it takes to
 * fall 60 dB.
 */
export interface Knock {
  kind: "knock";
  at: number;
  /** Centre of the band, Hz, and its Q. */
  band: number;
  q: number;
  decay: number;
  gain: number;
}

/**
 * A tone, its pitch gliding from `freq` to `to` over `glide` s if given; `partials` add overtones as
 * [frequency ratio, gain ratio, decay ratio] (a mallet's, a bell's). `hold` keeps it at full level for that long
 * before it decays (a beep).
 */
export interface Tone {
  kind: "tone";
  at: number;
  freq: number;
  to?: number;
  glide?: number;
  decay: number;
  gain: number;
  wave?: "sine" | "triangle";
  hold?: number;
  partials?: ReadonlyArray<readonly [number, number, number]>;
}

export type SoundPart = Knock | Tone;

export interface SoundRecipe {
  parts: SoundPart[];
  /** The file's length at most, s: what rings on past it fades out over its last 60 ms. */
  maxLength: number;
}

/** A mallet on a wooden bar: the fourth partial of a marimba bar, and a faint tenth. */
const MALLET = [
  [3.93, 0.28, 0.35],
  [9.2, 0.06, 0.15],
] as const;
/** A small bell: an octave and a twelfth above, dying sooner. */
const BELL = [
  [2, 0.35, 0.55],
  [3, 0.12, 0.35],
] as const;

const knock = (at: number, band: number, q: number, decay: number, gain: number): Knock => ({
  kind: "knock",
  at,
  band,
  q,
  decay,
  gain,
});

/** Wooden knocks: the sounds this site synthesized live before it shipped files, rendered offline. */
const WOOD: Record<GameSound, SoundRecipe> = {
  move: {
    parts: [
      knock(0, 1800, 1.2, 0.13, 0.55),
      { kind: "tone", at: 0, freq: 210, to: 140, glide: 0.14, decay: 0.2, gain: 0.35 },
    ],
    maxLength: 0.3,
  },
  capture: {
    parts: [
      knock(0, 2600, 1.6, 0.1, 0.6),
      { kind: "tone", at: 0, freq: 260, to: 170, glide: 0.1, decay: 0.15, gain: 0.3 },
      knock(0.045, 1500, 1.1, 0.18, 0.55),
      { kind: "tone", at: 0.045, freq: 190, to: 120, glide: 0.16, decay: 0.24, gain: 0.35 },
    ],
    maxLength: 0.4,
  },
  check: {
    parts: [
      knock(0, 1800, 1.2, 0.13, 0.55),
      { kind: "tone", at: 0, freq: 210, to: 140, glide: 0.14, decay: 0.2, gain: 0.3 },
      { kind: "tone", at: 0.06, freq: 1568, decay: 0.6, gain: 0.14 },
      { kind: "tone", at: 0.06, freq: 2352, decay: 0.35, gain: 0.06 },
    ],
    maxLength: 0.8,
  },
  end: {
    parts: [
      { kind: "tone", at: 0, freq: 523.25, decay: 1.6, gain: 0.18, partials: BELL },
      { kind: "tone", at: 0.12, freq: 659.25, decay: 1.5, gain: 0.15, partials: BELL },
      { kind: "tone", at: 0.24, freq: 783.99, decay: 1.7, gain: 0.15, partials: BELL },
    ],
    maxLength: 1.8,
  },
  lowTime: {
    parts: [
      { kind: "tone", at: 0, freq: 1245, decay: 0.18, gain: 0.16, wave: "triangle" },
      knock(0, 3500, 2, 0.06, 0.25),
      { kind: "tone", at: 0.18, freq: 988, decay: 0.2, gain: 0.16, wave: "triangle" },
      knock(0.18, 3000, 2, 0.06, 0.25),
    ],
    maxLength: 0.5,
  },
};

const mallet = (at: number, freq: number, decay: number, gain: number): Tone => ({
  kind: "tone",
  at,
  freq,
  decay,
  gain,
  partials: MALLET,
});

/** Soft mallet notes: a move is one note, a capture two, a check a bright dyad, the end an arpeggio. */
const CHIME: Record<GameSound, SoundRecipe> = {
  move: { parts: [mallet(0, 783.99, 0.45, 0.5), knock(0, 3000, 1, 0.02, 0.08)], maxLength: 0.5 },
  capture: {
    parts: [mallet(0, 587.33, 0.35, 0.45), knock(0, 3000, 1, 0.02, 0.08), mallet(0.07, 783.99, 0.45, 0.5)],
    maxLength: 0.6,
  },
  check: {
    parts: [mallet(0, 783.99, 0.5, 0.45), mallet(0, 987.77, 0.5, 0.35), mallet(0.08, 1567.98, 0.5, 0.2)],
    maxLength: 0.7,
  },
  end: {
    parts: [
      mallet(0, 523.25, 1.0, 0.4),
      mallet(0.13, 659.25, 1.0, 0.38),
      mallet(0.26, 783.99, 1.1, 0.36),
      mallet(0.39, 1046.5, 1.3, 0.34),
    ],
    maxLength: 1.8,
  },
  lowTime: { parts: [mallet(0, 1318.51, 0.2, 0.35), mallet(0.18, 1046.5, 0.2, 0.35)], maxLength: 0.5 },
};

const beep = (at: number, freq: number, hold: number, gain: number): Tone => ({
  kind: "tone",
  at,
  freq,
  hold,
  decay: 0.03,
  gain,
});

/** The clean beeps of a digital chess clock. */
const DIGITAL: Record<GameSound, SoundRecipe> = {
  move: { parts: [beep(0, 2000, 0.035, 0.3)], maxLength: 0.15 },
  capture: { parts: [beep(0, 2000, 0.03, 0.3), beep(0.07, 2000, 0.03, 0.3)], maxLength: 0.2 },
  check: { parts: [beep(0, 2000, 0.05, 0.3), beep(0.08, 2600, 0.09, 0.3)], maxLength: 0.3 },
  end: {
    parts: [beep(0, 1760, 0.12, 0.3), beep(0.18, 1318.51, 0.12, 0.3), beep(0.36, 880, 0.25, 0.3)],
    maxLength: 0.8,
  },
  lowTime: { parts: [beep(0, 1000, 0.05, 0.3), beep(0.2, 1000, 0.05, 0.3)], maxLength: 0.4 },
};

/** Every set's recipe of every sound. */
export const SOUND_RECIPES: Record<SoundSet, Record<GameSound, SoundRecipe>> = {
  wood: WOOD,
  chime: CHIME,
  digital: DIGITAL,
};
