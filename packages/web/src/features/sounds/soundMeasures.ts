/** What can be checked of a sound without ears: how long, how loud, whether it clips, how it starts and ends. */
export interface SoundMeasures {
  durationMs: number;
  /** The loudest sample, in dB below full scale (0 dBFS = full scale). */
  peakDbfs: number;
  /** The loudest 50 ms of the sound (RMS), the level a player hears it at. */
  loudestRmsDbfs: number;
  /** Samples at full scale (±32767 or -32768 in 16 bits): clipped. */
  clippedSamples: number;
  /** When it first gets within 30 dB of its peak: a move sound must not lag the move. */
  onsetMs: number;
  /** The peak of its last 5 ms, in dBFS: a sound cut off while loud clicks. */
  tailDbfs: number;
  /** The mean sample (a DC offset thumps when playback starts and stops). */
  dcOffset: number;
}

const dbfs = (amplitude: number) => (amplitude > 0 ? 20 * Math.log10(amplitude) : Number.NEGATIVE_INFINITY);

/** Measures mono samples in -1..1 at `sampleRate`. */
export function measureSound(samples: Float32Array, sampleRate: number): SoundMeasures {
  let peak = 0;
  let sum = 0;
  let clipped = 0;
  for (const s of samples) {
    peak = Math.max(peak, Math.abs(s));
    sum += s;
    if (s >= 32767 / 32768 || s <= -1) clipped++;
  }
  const window = Math.max(1, Math.round(sampleRate * 0.05));
  let loudest = 0;
  let energy = 0;
  for (let i = 0; i < samples.length; i++) {
    energy += (samples[i] ?? 0) ** 2;
    if (i >= window) energy -= (samples[i - window] ?? 0) ** 2;
    loudest = Math.max(loudest, energy / Math.min(i + 1, window));
  }
  const onset = samples.findIndex((s) => Math.abs(s) >= peak * 10 ** (-30 / 20));
  const tail = samples.subarray(Math.max(0, samples.length - Math.round(sampleRate * 0.005)));
  return {
    durationMs: (samples.length / sampleRate) * 1000,
    peakDbfs: dbfs(peak),
    loudestRmsDbfs: dbfs(Math.sqrt(Math.max(0, loudest))),
    clippedSamples: clipped,
    onsetMs: ((onset < 0 ? samples.length : onset) / sampleRate) * 1000,
    tailDbfs: dbfs(Math.max(0, ...Array.from(tail, Math.abs))),
    dcOffset: samples.length === 0 ? 0 : sum / samples.length,
  };
}
