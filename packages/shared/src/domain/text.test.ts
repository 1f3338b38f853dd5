import { describe, expect, it } from "vitest";
import { tidyName, trimInvisible } from "./text.ts";

describe("trimInvisible", () => {
  it.each([
    ["plain text", "  hello  ", "hello"],
    ["a zero-width space alone", "\u200B", ""],
    ["a byte-order mark and a no-break space", "\uFEFF\u00A0", ""],
    ["direction marks and isolates", "\u200E\u2066\u2069\u200F", ""],
    ["the Hangul filler (drawn blank)", "\u3164", ""],
    ["the braille blank", "\u2800 ", ""],
    ["joiners at the ends", "\u200Dgg\u200C", "gg"],
    ["an ideographic space", "\u3000gg\u3000", "gg"],
    ["zero-width spaces around a word", "\u200B\u200Bgg\u200B", "gg"],
    ["an emoji ending in a variation selector", " ❤️ ", "❤️"],
    ["a flag ending in tag characters", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🏴󠁧󠁢󠁥󠁮󠁧󠁿"],
    ["a family joined by ZWJ", "👨‍👩‍👧", "👨‍👩‍👧"],
    ["invisible characters inside are a message's own", "a\u200Bb", "a\u200Bb"],
  ])("%s", (_, text, trimmed) => {
    expect(trimInvisible(text)).toBe(trimmed);
  });
});

describe("tidyName", () => {
  it.each([
    ["a name as typed", "  Knights of e4 ", "Knights of e4"],
    ["a zero-width space inside", "Kni\u200Bghts", "Knights"],
    ["runs of spaces of any kind", "Knights \u00A0\t of\u3000e4", "Knights of e4"],
    ["nothing but invisible", "\u200B\u2060\uFEFF", ""],
    ["a Persian word keeps its joiner", "می\u200Cروم", "می\u200Cروم"],
    ["an emoji sequence", "Club 👨‍👩‍👧", "Club 👨‍👩‍👧"],
  ])("%s", (_, name, tidy) => {
    expect(tidyName(name)).toBe(tidy);
  });
});
