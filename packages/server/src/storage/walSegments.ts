/**
 * PostgreSQL's WAL segment files by name: the timeline, then the segment number as two halves, each eight
 * upper-case hex digits (XLogFileName in PostgreSQL's xlog_internal.h).
 */
const SEGMENT_NAME = /^([0-9A-F]{8})([0-9A-F]{8})([0-9A-F]{8})$/;

const hex8 = (n: number) => n.toString(16).toUpperCase().padStart(8, "0");

/** Whether `name` names a WAL segment (not a temporary, history or backup file). */
export const isSegmentName = (name: string) => SEGMENT_NAME.test(name);

/** PostgreSQL's IsValidWalSegSize: a power of two from 1 MB to 1 GB. */
export function isValidSegmentSize(bytes: number): boolean {
  return Number.isInteger(bytes) && bytes >= 1 << 20 && bytes <= 1 << 30 && (bytes & (bytes - 1)) === 0;
}

/** The name of the segment after `name` on the same timeline; undefined when `name` names no segment. */
export function nextSegmentName(name: string, segmentBytes: number): string | undefined {
  const parts = SEGMENT_NAME.exec(name);
  if (!parts || !isValidSegmentSize(segmentBytes)) return undefined;
  const [, timeline, high, low] = parts as unknown as [string, string, string, string];
  const perHigh = 0x1_0000_0000 / segmentBytes;
  let h = Number.parseInt(high, 16);
  let l = Number.parseInt(low, 16) + 1;
  if (l >= perHigh) {
    h += 1;
    l = 0;
  }
  if (h > 0xffff_ffff) return undefined;
  return `${timeline}${hex8(h)}${hex8(l)}`;
}
