import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SOUND_SETS } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { measureSound } from "./soundMeasures.ts";
import { GAME_SOUNDS } from "./soundNames.ts";
import { SOUND_RECIPES } from "./soundRecipes.ts";
import { renderSound, SOUND_RATE, seedOf } from "./soundRender.ts";
import { decodeWav } from "./wav.ts";

/** The shipped files, checked by what can be measured without ears. */
const files = SOUND_SETS.flatMap((set) =>
  GAME_SOUNDS.map((sound) => {
    const name = `${set}-${sound}`;
    const wav = decodeWav(readFileSync(join(import.meta.dirname, "files", `${name}.wav`)));
    return { set, sound, name, wav, m: measureSound(wav.samples, wav.sampleRate) };
  }),
);

/** How long each sound may last: a move's knock is short, the end of a game may ring. */
const LENGTH_MS: Record<(typeof GAME_SOUNDS)[number], [number, number]> = {
  move: [100, 600],
  capture: [150, 700],
  check: [200, 900],
  end: [500, 2000],
  lowTime: [250, 600],
};

describe("sound files", () => {
  it.each(files.map((f) => [f.name, f] as const))("%s: 16-bit mono, level, length, no clipping", (_, f) => {
    expect([f.wav.sampleRate, f.wav.channels, f.wav.bitsPerSample]).toEqual([SOUND_RATE, 1, 16]);
    const [shortest, longest] = LENGTH_MS[f.sound];
    expect(f.m.durationMs).toBeGreaterThanOrEqual(shortest);
    expect(f.m.durationMs).toBeLessThanOrEqual(longest);
    // Loud enough to hear at a low volume, with headroom below full scale, and never clipped.
    expect(f.m.peakDbfs).toBeLessThanOrEqual(-1);
    expect(f.m.peakDbfs).toBeGreaterThanOrEqual(-12);
    expect(f.m.clippedSamples).toBe(0);
    expect(f.m.loudestRmsDbfs).toBeGreaterThanOrEqual(-18);
    expect(f.m.loudestRmsDbfs).toBeLessThanOrEqual(-9);
    // Sounds with the move, ends in silence (no click), no offset that thumps.
    expect(f.m.onsetMs).toBeLessThan(10);
    expect(f.m.tailDbfs).toBeLessThan(-60);
    expect(Math.abs(f.m.dcOffset)).toBeLessThan(0.001);
  });

  it("every set's sounds are about as loud as every other set's (switching sets keeps the volume)", () => {
    for (const sound of GAME_SOUNDS) {
      const levels = files.filter((f) => f.sound === sound).map((f) => f.m.loudestRmsDbfs);
      expect(Math.max(...levels) - Math.min(...levels), sound).toBeLessThanOrEqual(3);
    }
  });

  it("are what the recipes render (packages/web/scripts/renderSounds.ts made them)", () => {
    for (const f of files) {
      const rendered = renderSound(SOUND_RECIPES[f.set][f.sound], seedOf(f.name));
      expect(f.wav.samples.length, f.name).toBe(rendered.length);
      // Within one 16-bit step: a last-digit difference in Math.sin between engines may round the other way.
      let worst = 0;
      for (let i = 0; i < rendered.length; i++) {
        worst = Math.max(worst, Math.abs((f.wav.samples[i] ?? 0) - Math.round((rendered[i] ?? 0) * 32767) / 32768));
      }
      expect(worst, f.name).toBeLessThanOrEqual(2 / 32768);
    }
  });
});
