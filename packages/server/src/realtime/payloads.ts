import { z } from "zod";

/** Events that take no payload accept none (or null), or an object they ignore (some clients always send `{}`). */
export const noPayload = z.undefined().or(z.null()).or(z.object({}).passthrough());
