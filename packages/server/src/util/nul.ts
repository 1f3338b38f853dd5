/**
 * Whether any string inside a parsed input holds a NUL character. PostgreSQL text cannot store one, so such
 * input would fail in the database as a server error; it is refused as bad input instead.
 */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object" || depth > 8) return false;
  return Object.values(value).some((v) => hasNul(v, depth + 1));
}

export const NUL_MESSAGE = "Text cannot contain NUL characters";
