import {
  ARENA,
  type ArenaRecurrence,
  arenaGamesEstimate,
  type CreateArenaBody,
  canBerserk,
  createArenaBody,
  formatTimeControl,
  type GameStage,
  type Handicap,
  LIVE_TIME_CLASSES,
  PRESETS,
  TIME_CLASS_LABEL,
  type TimeControl,
  type Variant,
} from "@chess/shared";

/** What the Create arena form holds; numbers as typed. */
export interface ArenaFormValues {
  name: string;
  /** A lobby preset as "3+2", or "custom". */
  clock: string;
  customMinutes: number;
  customIncrement: number;
  variant: Variant;
  stage: GameStage;
  balance: Handicap;
  rated: boolean;
  berserkable: boolean;
  streaks: boolean;
  durationMinutes: number;
  /** "soon": in `countdownMinutes`; "at": at `startsAt` (a local "2026-12-05T19:00", a calendar arena). */
  start: "soon" | "at";
  countdownMinutes: number;
  startsAt: string;
  /** "" for an open arena, else the id of a club I administer. */
  clubId: string;
  recurrence: ArenaRecurrence;
}

/** Where a message is shown. */
export type ArenaField = "name" | "clock" | "variant" | "berserkable" | "duration" | "start" | "club" | "form";
export type ArenaFieldErrors = Partial<Record<ArenaField, string>>;

export const DEFAULT_ARENA_FORM: ArenaFormValues = {
  name: "",
  clock: "3+2",
  customMinutes: 5,
  customIncrement: 0,
  variant: "standard",
  stage: "early",
  balance: "almostEven",
  rated: true,
  berserkable: true,
  streaks: true,
  durationMinutes: ARENA.duration.default,
  start: "soon",
  countdownMinutes: ARENA.countdown.default,
  startsAt: "",
  clubId: "",
  recurrence: "none",
};

/** The lobby's presets, fastest first, as the clock select offers them ("3+2", "3+2 Blitz"). */
export const CLOCK_PRESETS: ReadonlyArray<{ value: string; label: string }> = LIVE_TIME_CLASSES.flatMap((tc) =>
  PRESETS[tc].map((p) => ({ value: formatTimeControl(p), label: `${formatTimeControl(p)} ${TIME_CLASS_LABEL[tc]}` })),
);

export function timeControlOf(v: ArenaFormValues): TimeControl {
  if (v.clock === "custom") return { baseTime: v.customMinutes, increment: v.customIncrement };
  const [base, inc] = v.clock.split("+").map(Number);
  return { baseTime: base ?? 0, increment: inc ?? 0 };
}

/** The POST body of the form: only what it sets (the server fills the defaults). */
export function arenaBody(v: ArenaFormValues): Partial<CreateArenaBody> {
  const tc = timeControlOf(v);
  const clubId = v.clubId ? Number(v.clubId) : undefined;
  const startsAt = v.start === "at" && v.startsAt ? new Date(v.startsAt).getTime() : undefined;
  return {
    ...(v.name.trim() ? { name: v.name.trim() } : {}),
    baseTime: tc.baseTime,
    increment: tc.increment,
    variant: v.variant,
    ...(v.variant === "jumpstart" ? { jumpstart: { stage: v.stage, balance: v.balance } } : {}),
    rated: v.rated,
    berserkable: v.berserkable && canBerserk(tc),
    streaks: v.streaks,
    durationMinutes: v.durationMinutes,
    ...(v.start === "at" ? { startsAt } : { countdownMinutes: v.countdownMinutes }),
    ...(clubId !== undefined ? { conditions: { clubId } } : {}),
    ...(clubId !== undefined && v.recurrence !== "none" ? { recurrence: v.recurrence } : {}),
  };
}

const FIELD_OF_KEY: Record<string, ArenaField> = {
  name: "name",
  baseTime: "clock",
  increment: "clock",
  variant: "variant",
  jumpstart: "variant",
  rated: "form",
  berserkable: "berserkable",
  streaks: "form",
  durationMinutes: "duration",
  countdownMinutes: "start",
  startsAt: "start",
  conditions: "club",
  clubBattle: "club",
  recurrence: "club",
};

/** The form's own checks (the contract's schema and the games a duration allows); {} when it may be sent. */
export function validateArena(v: ArenaFormValues, now: number): ArenaFieldErrors {
  const errors: ArenaFieldErrors = {};
  const body = arenaBody(v);
  const parsed = createArenaBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF_KEY[String(issue.path[0])] ?? "form";
      errors[field] ??= issue.message;
    }
  }
  if (!errors.duration && !errors.clock && arenaGamesEstimate(v.durationMinutes, timeControlOf(v)) < ARENA.games.min) {
    errors.duration = `Too short for ${ARENA.games.min} games at this clock: make it longer or the clock faster`;
  }
  if (v.start === "at") {
    if (!v.startsAt || Number.isNaN(new Date(v.startsAt).getTime()))
      errors.start = "Choose the date and time it starts";
    else if (new Date(v.startsAt).getTime() <= now) errors.start = "The start must be in the future";
  }
  if (v.recurrence !== "none" && !v.clubId) errors.club = "Only a club arena repeats";
  return errors;
}

/** Which field a server refusal is about, from the words of its message. */
export function fieldOfServerMessage(message: string): ArenaField {
  const m = message.toLowerCase();
  if (/berserk/.test(m)) return "berserkable";
  if (/\bname/.test(m)) return "name";
  if (/variant|stage|balance|jumpstart/.test(m)) return "variant";
  if (/duration|lasts|games|minute arena/.test(m)) return "duration";
  if (/basetime|increment|clock|time control/.test(m)) return "clock";
  if (/countdown|startsat|\bstart/.test(m)) return "start";
  if (/club|recur|administrator/.test(m)) return "club";
  return "form";
}

/** A refusal by the fields it names: the server joins several settings' messages with "; ". */
export function serverFieldErrors(message: string): ArenaFieldErrors {
  const errors: ArenaFieldErrors = {};
  for (const part of message.split("; ")) {
    const field = fieldOfServerMessage(part);
    errors[field] = errors[field] ? `${errors[field]}; ${part}` : part;
  }
  return errors;
}

/** "About 9 games each" for the form's hint. */
export function gamesHint(v: ArenaFormValues): string {
  const n = Math.floor(arenaGamesEstimate(v.durationMinutes, timeControlOf(v)));
  return `About ${n} game${n === 1 ? "" : "s"} each`;
}
