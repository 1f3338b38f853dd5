import { z } from "zod";

/** Site theme: follow the device, or a fixed choice. */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** Board colour schemes; "brown" is SPEC §9's light rgb(240,217,181) and dark rgb(181,136,99). */
export const BOARD_COLORS = ["brown", "blue", "green", "grey", "purple"] as const;
export type BoardColors = (typeof BOARD_COLORS)[number];

/** Piece sets: react-chessboard's own, one drawn for this site, and one from Unicode chess glyphs. */
export const PIECE_SETS = ["standard", "simple", "glyphs"] as const;
export type PieceSet = (typeof PIECE_SETS)[number];

/** How fast pieces glide to their square; "off" jumps. */
export const ANIMATION_SPEEDS = ["off", "fast", "normal", "slow"] as const;
export type AnimationSpeed = (typeof ANIMATION_SPEEDS)[number];

/**
 * Whether opponents may propose takebacks (lichess's "Takebacks (with opponent approval)"): always, in
 * casual games only, or never. A player who does not take them is never asked.
 */
export const TAKEBACK_CHOICES = ["always", "casual", "never"] as const;
export type TakebackChoice = (typeof TAKEBACK_CHOICES)[number];

/** Whether a player with this choice is asked for takebacks in a game that is (or is not) rated. */
export function takesTakebacks(choice: TakebackChoice, rated: boolean): boolean {
  return choice === "always" || (choice === "casual" && !rated);
}

/**
 * Who may write to a player, or challenge them (lichess's "Who can message / challenge you"): everyone (but
 * blocked players), friends only, or nobody. Both default to everyone, as on lichess.
 */
export const CONTACT_CHOICES = ["everyone", "friends", "nobody"] as const;
export type ContactChoice = (typeof CONTACT_CHOICES)[number];

/**
 * Sets of game sounds, audio files made by a script of this repository (packages/web/scripts/renderSounds.ts):
 * wooden knocks, soft mallet chimes, or the beeps of a digital clock.
 */
export const SOUND_SETS = ["wood", "chime", "digital"] as const;
export type SoundSet = (typeof SOUND_SETS)[number];

/** Sound volume in percent. */
export const VOLUME_RANGE = { min: 0, max: 100 } as const;

const words = (values: readonly string[]) => `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;

const fields = {
  theme: z.enum(THEMES, { error: `theme must be ${words(THEMES)}` }),
  boardColors: z.enum(BOARD_COLORS, { error: `boardColors must be ${words(BOARD_COLORS)}` }),
  pieceSet: z.enum(PIECE_SETS, { error: `pieceSet must be ${words(PIECE_SETS)}` }),
  showCoordinates: z.boolean({ error: "showCoordinates must be true or false" }),
  animation: z.enum(ANIMATION_SPEEDS, { error: `animation must be ${words(ANIMATION_SPEEDS)}` }),
  soundEnabled: z.boolean({ error: "soundEnabled must be true or false" }),
  soundSet: z.enum(SOUND_SETS, { error: `soundSet must be ${words(SOUND_SETS)}` }),
  soundVolume: z
    .number({ error: "soundVolume must be a number" })
    .int("soundVolume must be a whole number")
    .min(VOLUME_RANGE.min, `soundVolume must be ${VOLUME_RANGE.min} to ${VOLUME_RANGE.max}`)
    .max(VOLUME_RANGE.max, `soundVolume must be ${VOLUME_RANGE.min} to ${VOLUME_RANGE.max}`),
  takebacks: z.enum(TAKEBACK_CHOICES, { error: `takebacks must be ${words(TAKEBACK_CHOICES)}` }),
  messagesFrom: z.enum(CONTACT_CHOICES, { error: `messagesFrom must be ${words(CONTACT_CHOICES)}` }),
  challengesFrom: z.enum(CONTACT_CHOICES, { error: `challengesFrom must be ${words(CONTACT_CHOICES)}` }),
};

/** A player's preferences, e.g. { theme: "dark", boardColors: "blue", soundVolume: 70, ... }. */
export type Preferences = { [K in keyof typeof fields]: z.infer<(typeof fields)[K]> };

/** What a player who never chose anything gets: the system theme and SPEC §9's board. */
export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  theme: "system",
  boardColors: "brown",
  pieceSet: "standard",
  showCoordinates: true,
  animation: "normal",
  soundEnabled: true,
  soundSet: "wood",
  soundVolume: 70,
  takebacks: "always",
  messagesFrom: "everyone",
  challengesFrom: "everyone",
});

/** PUT /user/preferences: any subset of the preferences; unknown keys and bad values are refused. */
export const preferencesUpdate = z
  .strictObject(fields, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown preference: ${issue.keys.join(", ")}`
        : issue.code === "invalid_type"
          ? "Preferences must be a JSON object"
          : undefined,
  })
  .partial();
export type PreferencesUpdate = z.infer<typeof preferencesUpdate>;

/** Answer of GET and PUT /user/preferences; `updatedAt` (ms) is null while the account has stored none. */
export interface PreferencesAnswer {
  preferences: Preferences;
  updatedAt: number | null;
}

/**
 * Preferences from storage we wrote earlier (a database row, localStorage): each field that is missing or no
 * longer valid (say, a piece set since removed) falls back to its default; unknown keys are dropped.
 */
export function readPreferences(stored: unknown): Preferences {
  const source = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields) as Array<keyof Preferences>) {
    const parsed = fields[key].safeParse(source[key]);
    out[key] = parsed.success ? parsed.data : DEFAULT_PREFERENCES[key];
  }
  return out as Preferences;
}

/** `current` with the fields of `update` replaced. */
export function mergePreferences(current: Preferences, update: PreferencesUpdate): Preferences {
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** Whether two sets of preferences are the same choices. */
export function samePreferences(a: Preferences, b: Preferences): boolean {
  return (Object.keys(fields) as Array<keyof Preferences>).every((k) => a[k] === b[k]);
}
