import type { Knock, SoundPart, SoundRecipe, Tone } from "./soundRecipes.ts";

/** The files' sample rate: enough for knocks and chimes (nothing of theirs above 12 kHz matters). */
export const SOUND_RATE = 24_000;
/** Every file peaks here, below full scale... */
const PEAK = 10 ** (-1 / 20);
/** ...unless its loudest 50 ms would be louder than this: beeps and knocks then sound as loud as each other. */
const LOUDEST_RMS = 10 ** (-12 / 20);
const FADE_OUT_S = 0.06;

/** A small seeded generator (mulberry32): the same noise, so the same files, on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A seed from a name ("wood-move"), so each file has noise of its own. */
export function seedOf(name: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

/** Level at `t` s into a part: a raised-cosine attack, a hold, then a fall of 60 dB per `decay` s. */
function envelope(t: number, attack: number, hold: number, decay: number): number {
  if (t < attack) return 0.5 - 0.5 * Math.cos((Math.PI * t) / attack);
  if (t < attack + hold) return 1;
  return 10 ** ((-3 * (t - attack - hold)) / decay);
}

function addKnock(out: Float64Array, part: Knock, random: () => number): void {
  // RBJ band-pass (0 dB peak): the noise keeps only the band around `band`.
  const w = (2 * Math.PI * part.band) / SOUND_RATE;
  const alpha = Math.sin(w) / (2 * part.q);
  const a0 = 1 + alpha;
  const [b0, b2, a1, a2] = [alpha / a0, -alpha / a0, (-2 * Math.cos(w)) / a0, (1 - alpha) / a0];
  let [x1, x2, y1, y2] = [0, 0, 0, 0];
  const start = Math.round(part.at * SOUND_RATE);
  for (let i = start; i < out.length; i++) {
    const t = (i - start) / SOUND_RATE;
    const level = part.gain * envelope(t, 0.001, 0, part.decay);
    const x = random() * 2 - 1;
    const y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2;
    [x2, x1, y2, y1] = [x1, x, y1, y];
    out[i] = (out[i] ?? 0) + y * level;
    if (t > part.decay * 2) return;
  }
}

function addTone(out: Float64Array, part: Tone): void {
  const voices = [[1, 1, 1] as const, ...(part.partials ?? [])];
  const start = Math.round(part.at * SOUND_RATE);
  const hold = part.hold ?? 0;
  const attack = part.hold === undefined ? 0.004 : 0.003;
  for (const [ratio, gainRatio, decayRatio] of voices) {
    let phase = 0;
    for (let i = start; i < out.length; i++) {
      const t = (i - start) / SOUND_RATE;
      const glide = part.to && part.glide ? (part.to / part.freq) ** (Math.min(t, part.glide) / part.glide) : 1;
      const freq = part.freq * glide * ratio;
      if (freq >= SOUND_RATE / 2) break;
      const level = part.gain * gainRatio * envelope(t, attack, hold, part.decay * decayRatio);
      if (t > attack + hold && level < 1e-5) break;
      phase = (phase + freq / SOUND_RATE) % 1;
      const wave =
        part.wave === "triangle" && ratio === 1 ? 1 - 4 * Math.abs(phase - 0.5) : Math.sin(2 * Math.PI * phase);
      out[i] = (out[i] ?? 0) + wave * level;
    }
  }
}

function addPart(out: Float64Array, part: SoundPart, random: () => number): void {
  if (part.kind === "knock") addKnock(out, part, random);
  else addTone(out, part);
}

/** Renders a recipe: its parts mixed, faded out at its end, and brought to the files' level. */
export function renderSound(recipe: SoundRecipe, seed: number): Float32Array {
  const mix = new Float64Array(Math.round(recipe.maxLength * SOUND_RATE));
  const random = seeded(seed);
  for (const part of recipe.parts) addPart(mix, part, random);
  const fade = Math.round(FADE_OUT_S * SOUND_RATE);
  for (let i = 0; i < fade; i++) {
    const at = mix.length - fade + i;
    mix[at] = (mix[at] ?? 0) * (0.5 + 0.5 * Math.cos((Math.PI * (i + 1)) / fade));
  }
  let peak = 0;
  for (const s of mix) peak = Math.max(peak, Math.abs(s));
  const window = Math.round(0.05 * SOUND_RATE);
  let energy = 0;
  let loudest = 0;
  for (let i = 0; i < mix.length; i++) {
    energy += (mix[i] ?? 0) ** 2 - (i >= window ? (mix[i - window] ?? 0) ** 2 : 0);
    loudest = Math.max(loudest, energy / Math.min(i + 1, window));
  }
  const gain = Math.min(PEAK / peak, LOUDEST_RMS / Math.sqrt(loudest));
  return Float32Array.from(mix, (s) => s * gain);
}
