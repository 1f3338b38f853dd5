import {
  Board,
  COLOR_CHOICES,
  COMPUTER_LEVELS,
  type ColorChoice,
  type ComputerLevel,
  END_REASON_TEXT,
  formatTimeControl,
  LIVE_TIME_CLASSES,
  type PlayComputerPayload,
  PRESETS,
  positionEnd,
  TIME_CLASS_LABEL,
  type TimeControl,
  UNLIMITED_LABEL,
} from "@chess/shared";

/** What the Play with the computer dialog holds. */
export interface PlayComputerValues {
  level: ComputerLevel;
  /** A preset as "10+0", or UNLIMITED for a game without a clock. */
  preset: string;
  color: ColorChoice;
}

/** The preset of a game without a clock (lichess's "Unlimited" against the computer). */
export const UNLIMITED = UNLIMITED_LABEL;

/** Level 1, a rapid 10+0 and a random colour: one click on Play starts a game a beginner can enjoy. */
export const DEFAULT_PLAY_COMPUTER: PlayComputerValues = { level: 1, preset: "10+0", color: "random" };

export const LEVEL_CHOICES: readonly ComputerLevel[] = COMPUTER_LEVELS;

/** localStorage key of the dialog's last choice: the next game starts from it, as lichess's AI dialog does. */
export const LAST_PLAY_COMPUTER_KEY = "playComputer";

/** The last choice kept in `storage`, each part that is missing or no longer valid at its default. */
export function readLastChoice(storage: Storage | undefined): PlayComputerValues {
  let kept: Partial<Record<keyof PlayComputerValues, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(LAST_PLAY_COMPUTER_KEY) ?? "null");
    if (parsed && typeof parsed === "object") kept = parsed;
  } catch {
    // Unreadable: the defaults.
  }
  const pick = <T>(value: unknown, allowed: readonly T[], fallback: T): T =>
    allowed.includes(value as T) ? (value as T) : fallback;
  return {
    level: pick(kept.level, COMPUTER_LEVELS, DEFAULT_PLAY_COMPUTER.level),
    preset: pick(kept.preset, PRESET_LABELS, DEFAULT_PLAY_COMPUTER.preset),
    color: pick(kept.color, COLOR_CHOICES, DEFAULT_PLAY_COMPUTER.color),
  };
}

export function rememberChoice(storage: Storage | undefined, values: PlayComputerValues): void {
  try {
    storage?.setItem(LAST_PLAY_COMPUTER_KEY, JSON.stringify(values));
  } catch {
    // Storage full or refused: the next dialog opens on the defaults.
  }
}

/** The spec's 12 presets in their groups (SPEC §9). */
export const COMPUTER_PRESET_GROUPS: ReadonlyArray<{ title: string; presets: readonly TimeControl[] }> =
  LIVE_TIME_CLASSES.map((tc) => ({ title: TIME_CLASS_LABEL[tc], presets: PRESETS[tc] }));

const ALL_PRESETS = LIVE_TIME_CLASSES.flatMap((tc) => PRESETS[tc]);
const PRESET_LABELS: readonly string[] = [...ALL_PRESETS.map(formatTimeControl), UNLIMITED];

/** The playComputer payload for the dialog's values, from `fen` when given (continue from a position). */
export function playComputerPayload(values: PlayComputerValues, fen?: string): PlayComputerPayload {
  const from = fen ? { fen } : {};
  if (values.preset === UNLIMITED) return { level: values.level, untimed: true, color: values.color, ...from };
  const tc = ALL_PRESETS.find((p) => formatTimeControl(p) === values.preset) ?? { baseTime: 10, increment: 0 };
  return {
    level: values.level,
    baseTime: tc.baseTime,
    increment: tc.increment,
    color: values.color,
    ...from,
  };
}

/**
 * Why a game cannot start from `fen`, in a player's words, or undefined when it can: the server's own check
 * (Board.fromFen), asked before the dialog opens rather than after its Play.
 */
export function unplayableReason(fen: string): string | undefined {
  let board: Board;
  try {
    board = Board.fromFen(fen);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid FEN:\s*/, "") : "";
    return `This position cannot be played: ${reason || "it is not a legal position"}.`;
  }
  const end = positionEnd(board);
  return end ? `The game is already over in this position (${END_REASON_TEXT[end.reason].toLowerCase()}).` : undefined;
}
