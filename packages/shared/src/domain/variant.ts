/** Game variants of the offer entity (SPEC §3). "fun" exists in the entity; its behaviour is not specified. */
export const VARIANTS = ["standard", "jumpstart", "fun"] as const;
export type Variant = (typeof VARIANTS)[number];

/** Variants a player can start today. */
export const PLAYABLE_VARIANTS: readonly Variant[] = ["standard", "jumpstart"];

export const COLOR_CHOICES = ["random", "white", "black"] as const;
export type ColorChoice = (typeof COLOR_CHOICES)[number];
