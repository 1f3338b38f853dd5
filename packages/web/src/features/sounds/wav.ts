/** 16-bit PCM mono WAV, the one format the site's sound files use: every browser decodes it natively. */

/** Samples in -1..1 as a 16-bit mono WAV file. Out-of-range samples are clamped (the renderer never makes any). */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) bytes[at + i] = s.charCodeAt(i);
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, Math.round(s * 32767), true);
  }
  return bytes;
}

export interface DecodedWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** The first channel, -1..1 (a full-scale negative sample reads -32768 / 32768). */
  samples: Float32Array;
}

/** Reads a PCM WAV file (its fmt and data chunks); throws on anything else. */
export function decodeWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("not a WAV file");
  let format: { channels: number; sampleRate: number; bits: number } | undefined;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4, true);
    if (tag(at) === "fmt ") {
      if (view.getUint16(at + 8, true) !== 1) throw new Error("not PCM");
      format = {
        channels: view.getUint16(at + 10, true),
        sampleRate: view.getUint32(at + 12, true),
        bits: view.getUint16(at + 22, true),
      };
    } else if (tag(at) === "data") {
      if (format?.bits !== 16) throw new Error("only 16-bit PCM is read");
      const frames = Math.floor(size / (2 * format.channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = view.getInt16(at + 8 + i * 2 * format.channels, true) / 32768;
      return { sampleRate: format.sampleRate, channels: format.channels, bitsPerSample: format.bits, samples };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error("no data chunk");
}
