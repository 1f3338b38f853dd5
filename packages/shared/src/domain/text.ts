/**
 * What players write (club names, posts, notes, chat lines, messages) must show something. `String.trim`
 * leaves the format characters a reader cannot see: a club named with one zero-width space was created and
 * listed as a blank entry, and a post of one was published. These count as blank here, with every kind of
 * space. Left alone: variation selectors and the tag characters (U+E0020-E007F) that end emoji ("❤️",
 * England's flag).
 */
const HIDDEN =
  "\\u00AD\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u200B\\u200E\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u2800\\u3164\\uFEFF\\uFFA0";
/** Joiners shape letters (Persian, Indic scripts) and emoji inside a text; at its ends they do nothing. */
const JOINERS = "\\u200C\\u200D";
const EDGES = new RegExp(`^[\\s${HIDDEN}${JOINERS}]+|[\\s${HIDDEN}${JOINERS}]+$`, "gu");
const HIDDEN_ANYWHERE = new RegExp(`[${HIDDEN}]`, "gu");
const SPACES = /\s+/gu;

/** `text` without the spaces and invisible characters at either end: "" when it shows nothing. */
export function trimInvisible(text: string): string {
  return text.replace(EDGES, "");
}

/**
 * A name as it is shown and compared: invisible characters gone wherever they are (clubs "ab" and "a\u200Bb"
 * would read the same), each run of spaces one plain space, the ends trimmed.
 */
export function tidyName(name: string): string {
  return trimInvisible(name.replace(HIDDEN_ANYWHERE, "").replace(SPACES, " "));
}
