import {
  type ColorChoice,
  type CreateGameOfferPayload,
  CUSTOM_TIME,
  formatTimeControl,
  PLAYABLE_VARIANTS,
  PRESETS,
  TIME_CLASSES,
  type TimeClass,
  type TimeControl,
  type Variant,
} from "@chess/shared";
import { TIME_CLASS_LABEL } from "./lobbyStore.ts";

/** What the Create Game form holds. */
export interface CreateGameValues {
  variant: Variant;
  mode: "preset" | "custom";
  /** The chosen preset, as "10+0". */
  preset: string;
  customMinutes: number;
  customIncrement: number;
  color: ColorChoice;
}

/** SPEC §4 Defaults: standard, rapid (its first preset), random colour; custom sliders at their defaults. */
export const DEFAULT_CREATE_GAME: CreateGameValues = {
  variant: "standard",
  mode: "preset",
  preset: formatTimeControl(PRESETS.rapid[0] ?? { baseTime: 10, increment: 0 }),
  customMinutes: CUSTOM_TIME.minutes.default,
  customIncrement: CUSTOM_TIME.increment.default,
  color: "random",
};

/** The four preset groups of SPEC §9, in order, with their headings. */
export const PRESET_GROUPS: ReadonlyArray<{ timeClass: TimeClass; title: string; presets: readonly TimeControl[] }> =
  TIME_CLASSES.map((timeClass) => ({ timeClass, title: TIME_CLASS_LABEL[timeClass], presets: PRESETS[timeClass] }));

/**
 * The variants the select offers. Jumpstart needs its stage and handicap choices (SPEC §2), which this
 * form does not have yet; until then only standard is offered, never a dead option.
 */
export const SELECTABLE_VARIANTS: readonly Variant[] = PLAYABLE_VARIANTS.filter((v) => v === "standard");

/** The time control the form describes. */
export function chosenTimeControl(values: CreateGameValues): TimeControl {
  if (values.mode === "custom") return { baseTime: values.customMinutes, increment: values.customIncrement };
  const [base, increment] = values.preset.split("+").map(Number);
  return { baseTime: base ?? 0, increment: increment ?? 0 };
}

/** The createGameOffer payload of the form. */
export function createGamePayload(values: CreateGameValues): CreateGameOfferPayload {
  const tc = chosenTimeControl(values);
  return {
    baseTime: tc.baseTime,
    increment: tc.increment,
    variant: values.variant,
    selectedColor: values.color,
    isCreatorsHandicap: false,
    clubId: null,
  };
}

/** "5 min + 3 s" for the custom sliders' live label; half minutes as "0.5". */
export function describeCustomTime(minutes: number, increment: number): string {
  return `${minutes} min + ${increment} s`;
}
