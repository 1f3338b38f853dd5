import {
  type ColorChoice,
  type CreateGameOfferPayload,
  CUSTOM_TIME,
  formatTimeControl,
  GAME_STAGES,
  type GameStage,
  HANDICAPS,
  type Handicap,
  JUMPSTART_CUSTOM,
  LIVE_TIME_CLASSES,
  missingJumpstartFields,
  PLAYABLE_VARIANTS,
  PRESETS,
  type Range,
  TIME_CLASS_LABEL,
  type TimeClass,
  type TimeControl,
  type Variant,
} from "@chess/shared";

export { moveRangeEnd } from "./range.ts";

/** What the Create Game form holds. */
export interface CreateGameValues {
  variant: Variant;
  mode: "preset" | "custom";
  /** The chosen preset, as "10+0". */
  preset: string;
  customMinutes: number;
  customIncrement: number;
  color: ColorChoice;
  /** Jumpstart: the stage and handicap presets, or the custom range sliders. */
  jumpstartMode: "preset" | "custom";
  /** Unset until the player picks one (SPEC §5 asks for both). */
  stage?: GameStage;
  handicap?: Handicap;
  /** Custom ranges: eval in pawns (0–5), moves as the position's move number (10–100). */
  customEval: Range;
  customMoves: Range;
  /** Who takes the worse side (Black): "me" sends isCreatorsHandicap true. */
  worseSide: "me" | "opponent";
}

/** The custom range sliders' values when custom opens (SPEC §9): the whole range. */
export const CUSTOM_EVAL_DEFAULT: Range = { min: JUMPSTART_CUSTOM.eval.min, max: JUMPSTART_CUSTOM.eval.max };
export const CUSTOM_MOVES_DEFAULT: Range = { min: JUMPSTART_CUSTOM.moves.min, max: JUMPSTART_CUSTOM.moves.max };

/** SPEC §4 Defaults: standard, rapid (its first preset), random colour; custom sliders at their defaults. */
export const DEFAULT_CREATE_GAME: CreateGameValues = {
  variant: "standard",
  mode: "preset",
  preset: formatTimeControl(PRESETS.rapid[0] ?? { baseTime: 10, increment: 0 }),
  customMinutes: CUSTOM_TIME.minutes.default,
  customIncrement: CUSTOM_TIME.increment.default,
  color: "random",
  jumpstartMode: "preset",
  // A jumpstart game can be made at once (issue 47): the middle of the game, and near-even, are chosen first.
  stage: "mid",
  handicap: "almostEven",
  customEval: CUSTOM_EVAL_DEFAULT,
  customMoves: CUSTOM_MOVES_DEFAULT,
  worseSide: "opponent",
};

/** The four preset groups of SPEC §9, in order, with their headings. */
export const PRESET_GROUPS: ReadonlyArray<{ timeClass: TimeClass; title: string; presets: readonly TimeControl[] }> =
  LIVE_TIME_CLASSES.map((timeClass) => ({
    timeClass,
    title: TIME_CLASS_LABEL[timeClass],
    presets: PRESETS[timeClass],
  }));

/** The variants the select offers (SPEC §2: Standard, Jumpstart Chess; and Chess960, the "fun" variant). */
export const SELECTABLE_VARIANTS: readonly Variant[] = PLAYABLE_VARIANTS;

/** The stage and handicap presets in order, for the choice buttons. */
export const STAGE_CHOICES = (Object.keys(GAME_STAGES) as GameStage[]).map((key) => ({ key, ...GAME_STAGES[key] }));
export const HANDICAP_CHOICES = (Object.keys(HANDICAPS) as Handicap[]).map((key) => ({ key, ...HANDICAPS[key] }));

/** "10–20": a range with an en dash. */
export const formatRange = (r: Range) => `${r.min}\u2013${r.max}`;

/** Switches the jumpstart mode; opening custom sets its sliders to their defaults (SPEC §9). */
export function withJumpstartMode(values: CreateGameValues, mode: CreateGameValues["jumpstartMode"]): CreateGameValues {
  if (mode === values.jumpstartMode) return values;
  return mode === "custom"
    ? { ...values, jumpstartMode: mode, customEval: CUSTOM_EVAL_DEFAULT, customMoves: CUSTOM_MOVES_DEFAULT }
    : { ...values, jumpstartMode: mode };
}

/** The jumpstart limits the form describes, or undefined while a stage or handicap is missing. */
export function jumpstartLimits(values: CreateGameValues): { eval: Range; moves: Range } | undefined {
  if (values.jumpstartMode === "custom") return { eval: values.customEval, moves: values.customMoves };
  if (!values.stage || !values.handicap) return undefined;
  const { min: emin, max: emax } = HANDICAPS[values.handicap].eval;
  const { min: mmin, max: mmax } = GAME_STAGES[values.stage].moves;
  return { eval: { min: emin, max: emax }, moves: { min: mmin, max: mmax } };
}

/** SPEC §5: the message when a jumpstart offer lacks a handicap, a game stage or a time variant. */
export function createGameProblem(values: CreateGameValues): string | undefined {
  if (values.variant !== "jumpstart") return undefined;
  const custom = values.jumpstartMode === "custom";
  return missingJumpstartFields({
    handicap: custom ? values.customEval : values.handicap,
    stage: custom ? values.customMoves : values.stage,
    timeVariant: timeControlOrUndefined(values),
  });
}

function timeControlOrUndefined(values: CreateGameValues): TimeControl | undefined {
  const tc = chosenTimeControl(values);
  return Number.isFinite(tc.baseTime) && tc.baseTime > 0 && Number.isFinite(tc.increment) ? tc : undefined;
}

/** The time control the form describes. */
export function chosenTimeControl(values: CreateGameValues): TimeControl {
  if (values.mode === "custom") return { baseTime: values.customMinutes, increment: values.customIncrement };
  const [base, increment] = values.preset.split("+").map(Number);
  return { baseTime: base ?? 0, increment: increment ?? 0 };
}

/** The createGameOffer payload of the form. */
export function createGamePayload(values: CreateGameValues): CreateGameOfferPayload {
  const tc = chosenTimeControl(values);
  if (values.variant === "jumpstart") {
    const limits = jumpstartLimits(values);
    // The server ignores the colour for jumpstart: the handicapped player takes Black.
    return {
      baseTime: tc.baseTime,
      increment: tc.increment,
      variant: "jumpstart",
      selectedColor: "random",
      isCreatorsHandicap: values.worseSide === "me",
      clubId: null,
      ...(limits
        ? {
            lower_eval_limit: limits.eval.min,
            upper_eval_limit: limits.eval.max,
            lower_move_limit: limits.moves.min,
            upper_move_limit: limits.moves.max,
          }
        : {}),
    };
  }
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
