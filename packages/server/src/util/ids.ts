import { randomBytes } from "node:crypto";

/** Short random id for games and offers: 8 URL-safe characters (48 bits). */
export const shortId = (): string => randomBytes(6).toString("base64url");
