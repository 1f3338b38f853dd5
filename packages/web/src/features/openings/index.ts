export { OpeningName } from "./OpeningName.tsx";
export { type Opening, openingOf } from "./openingLookup.ts";
export { loadOpenings, useOpening } from "./useOpening.ts";
