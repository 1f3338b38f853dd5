import {
  ARENA,
  type ArenaConditions,
  arenaGameSeconds,
  arenaGamesEstimate,
  type ClubBattleSettings,
  type CreateArenaBody,
  canBerserk,
  formatTimeControl,
  type GameStage,
  type Handicap,
  LIVE_TIME_CLASSES,
  type LiveTimeClass,
  PRESETS,
  TIME_CLASS_LABEL,
  type TimeControl,
  timeClassOf,
  VARIANT_LABELS,
  type Variant,
} from "@chess/shared";

/** An arena's settings once every rule between its fields holds. */
export interface ArenaSettings {
  name: string;
  timeControl: TimeControl;
  timeClass: LiveTimeClass;
  variant: Variant;
  jumpstart: { stage: GameStage; balance: Handicap } | null;
  rated: boolean;
  berserkable: boolean;
  streaks: boolean;
  durationMinutes: number;
  /** Epoch ms. */
  startsAt: number;
  conditions: ArenaConditions;
  clubBattle: ClubBattleSettings | null;
}

/** A setting refused, naming the field, with the sentence a player reads. */
export interface SettingsError {
  field: string;
  message: string;
}

export type SettingsResult = { ok: true; settings: ArenaSettings } | { ok: false; errors: SettingsError[] };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const isPreset = (tc: TimeControl) =>
  LIVE_TIME_CLASSES.some((c) => PRESETS[c].some((p) => p.baseTime === tc.baseTime && p.increment === tc.increment));

const isCustom = (tc: TimeControl) =>
  tc.baseTime <= ARENA.custom.minutes.max &&
  tc.increment <= ARENA.custom.increment.max &&
  Number.isInteger(tc.baseTime / ARENA.custom.minutes.step);

/** Refusals of the clock: a lobby preset or a custom clock, never 0+0. */
function clockErrors(tc: TimeControl): SettingsError[] {
  if (tc.baseTime === 0 && tc.increment === 0) {
    return [{ field: "baseTime", message: "A clock needs some time: 0+0 is not a time control" }];
  }
  if (isPreset(tc) || isCustom(tc)) return [];
  const { minutes, increment } = ARENA.custom;
  return [
    {
      field: "baseTime",
      message: `${formatTimeControl(tc)} is neither a lobby time control nor a custom one (${minutes.min}-${minutes.max} minutes, ${increment.min}-${increment.max} s of increment)`,
    },
  ];
}

/** Refusals of a duration that leaves time for fewer than 3 or more than 150 games of this clock. */
function durationErrors(durationMinutes: number, tc: TimeControl): SettingsError[] {
  const games = arenaGamesEstimate(durationMinutes, tc);
  const clock = formatTimeControl(tc);
  const minutesFor = (n: number) => (n * arenaGameSeconds(tc)) / 60;
  if (games < ARENA.games.min) {
    const least = Math.ceil(minutesFor(ARENA.games.min));
    const message =
      least > ARENA.duration.max
        ? `${clock} is too slow for an arena: ${ARENA.games.min} games need more than ${ARENA.duration.max} minutes`
        : `A ${durationMinutes}-minute arena leaves time for ${games < 1 ? "less than one game" : `about ${Math.floor(games)} games`} of ${clock}, and at least ${ARENA.games.min} are needed: make it ${least} minutes or longer`;
    return [{ field: "durationMinutes", message }];
  }
  if (games > ARENA.games.max) {
    const most = Math.floor(minutesFor(ARENA.games.max));
    return [
      {
        field: "durationMinutes",
        message: `A ${durationMinutes}-minute arena leaves time for about ${Math.round(games)} games of ${clock}, more than the ${ARENA.games.max} allowed: make it ${most} minutes or shorter`,
      },
    ];
  }
  return [];
}

function berserkErrors(requested: boolean | undefined, tc: TimeControl): SettingsError[] {
  if (requested !== true || canBerserk(tc)) return [];
  const message =
    tc.baseTime === 0
      ? `Berserk halves the base time, and ${formatTimeControl(tc)} has none: turn berserk off`
      : `Berserk is not offered when the increment (s) is more than twice the base time (min): turn it off`;
  return [{ field: "berserkable", message }];
}

function variantErrors(body: CreateArenaBody): SettingsError[] {
  if (body.variant === "jumpstart" && !body.jumpstart) {
    return [{ field: "jumpstart", message: "A jumpstart arena needs a game stage and a balance" }];
  }
  if (body.variant !== "jumpstart" && body.jumpstart) {
    return [{ field: "jumpstart", message: "A game stage and a balance are for jumpstart arenas only" }];
  }
  return [];
}

function entryErrors(body: CreateArenaBody): SettingsError[] {
  const errors: SettingsError[] = [];
  const { minRating, maxRating, clubId } = body.conditions;
  if (minRating !== undefined && maxRating !== undefined && minRating > maxRating) {
    errors.push({ field: "conditions.minRating", message: "The minimum rating cannot be above the maximum rating" });
  }
  const battle = body.clubBattle;
  if (battle && clubId !== undefined) {
    errors.push({
      field: "conditions.clubId",
      message: "A club battle admits the members of its clubs: leave the members-only club out",
    });
  }
  if (battle && new Set(battle.clubIds).size !== battle.clubIds.length) {
    errors.push({ field: "clubBattle.clubIds", message: "A club appears twice in the battle" });
  }
  return errors;
}

function startErrors(body: CreateArenaBody, now: number): SettingsError[] {
  if (body.startsAt === undefined) return [];
  if (body.countdownMinutes !== undefined) {
    return [{ field: "startsAt", message: "Give a start date or a countdown, not both" }];
  }
  if (body.startsAt < now + ARENA.countdown.min * MINUTE) {
    return [{ field: "startsAt", message: `The start must be at least ${ARENA.countdown.min} minute from now` }];
  }
  if (body.startsAt > now + ARENA.startsWithinDays * DAY) {
    return [{ field: "startsAt", message: `The start must be within ${ARENA.startsWithinDays} days` }];
  }
  return [];
}

/** "Blitz Arena", "Chess960 Rapid Arena", "Bullet Club Battle". */
export function defaultArenaName(variant: Variant, timeClass: LiveTimeClass, battle: boolean): string {
  const prefix = variant === "standard" ? "" : `${VARIANT_LABELS[variant]} `;
  return `${prefix}${TIME_CLASS_LABEL[timeClass]} ${battle ? "Club Battle" : "Arena"}`;
}

/** Checks a creation request (already shaped by the shared schema) against the rules between its fields. */
export function arenaSettings(body: CreateArenaBody, now: number): SettingsResult {
  const tc: TimeControl = { baseTime: body.baseTime, increment: body.increment };
  const clock = clockErrors(tc);
  const errors = [
    ...clock,
    ...(clock.length ? [] : durationErrors(body.durationMinutes, tc)),
    ...(clock.length ? [] : berserkErrors(body.berserkable, tc)),
    ...variantErrors(body),
    ...entryErrors(body),
    ...startErrors(body, now),
  ];
  if (errors.length) return { ok: false, errors };
  const timeClass = timeClassOf(tc);
  return {
    ok: true,
    settings: {
      name: body.name || defaultArenaName(body.variant, timeClass, body.clubBattle !== undefined),
      timeControl: tc,
      timeClass,
      variant: body.variant,
      jumpstart: body.jumpstart ?? null,
      rated: body.rated,
      berserkable: body.berserkable ?? canBerserk(tc),
      streaks: body.streaks,
      durationMinutes: body.durationMinutes,
      startsAt: body.startsAt ?? now + (body.countdownMinutes ?? ARENA.countdown.default) * MINUTE,
      conditions: body.conditions,
      clubBattle: body.clubBattle ?? null,
    },
  };
}
