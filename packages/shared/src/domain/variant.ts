/**
 * Game variants of the offer entity (SPEC §3). "fun" is Chess960 (Fischer Random): the wire value stays
 * "fun" (the contract allows no removal); players read "Chess960" (see VARIANT_LABELS).
 */
export const VARIANTS = ["standard", "jumpstart", "fun"] as const;
export type Variant = (typeof VARIANTS)[number];

/** Variants a player can start today. */
export const PLAYABLE_VARIANTS: readonly Variant[] = ["standard", "jumpstart", "fun"];

/** What a player reads for each variant. */
export const VARIANT_LABELS: Readonly<Record<Variant, string>> = {
  standard: "Standard",
  jumpstart: "Jumpstart",
  fun: "Chess960",
};

export const COLOR_CHOICES = ["random", "white", "black"] as const;
export type ColorChoice = (typeof COLOR_CHOICES)[number];
