import { z } from "zod";
import { VARIANTS } from "../domain/variant.ts";

/** The Socket.IO room of the sockets that follow the Watch list of one variant, or of all ("all"). */
export const watchRoom = (variant: string | undefined) => `watch:${variant ?? "all"}`;

/** followWatchList {variant?}: follow the live games (all, or one variant); the payload may be left out. */
export const followWatchListPayload = z
  .object({ variant: z.enum(VARIANTS, { error: `variant must be one of ${VARIANTS.join(", ")}` }).optional() })
  .nullish();
