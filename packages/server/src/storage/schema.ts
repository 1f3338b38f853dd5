import type {
  AnalysisEntry,
  ArenaConditions,
  ArenaRecurrence,
  ArenaStatus,
  ClockState,
  ClubBattleSettings,
  ClubMatchStatus,
  EloDeltas,
  GameStage,
  GameStatus,
  Handicap,
  JoinPolicy,
  SavedTreeNode,
} from "@chess/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the player closed the account (null: open). A closed account keeps its name, never its sessions. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    // A name is never given to anyone else, even once its account is closed; an e-mail is free again.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`).where(sql`${t.closedAt} is null`),
    // The few closed accounts, which leaderboards leave out without reading every player's row.
    index("users_closed_idx").on(t.id).where(sql`${t.closedAt} is not null`),
  ],
);

/** A browser's identity: a guest (no user) or a logged-in account. The id is the bearer secret. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestName: text("guest_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_last_seen_idx").on(t.lastSeenAt)],
);

/** One game, live or finished; also the history record (SPEC §3). */
/** A live game's state beyond its moves, as stored; areas/games/roundState.ts reads and writes it. */
export interface PersistedRoundState {
  /** The event number when this was written, at `atPly` moves; each later move is one more event. */
  eventNo: number;
  atPly: number;
  drawOfferBy: "w" | "b" | null;
  lastDrawOfferPly: { w: number; b: number };
  /** Absent in states written before takeback proposals. */
  takebackProposedBy?: "w" | "b" | null;
  lastTakebackProposalPly?: { w: number; b: number };
  /** Fixed when the game starts; absent in states written before the choice existed (both took them). */
  takesTakebacks?: { w: boolean; b: boolean };
  /** Epoch ms; applies while `atPly` is the game's ply. */
  firstMoveDeadline: number | null;
  /** Epoch ms, untimed games only (absent in states written before them); applies while `atPly` is the game's ply. */
  idleDeadline?: number | null;
  goneSince: { w: number | null; b: number | null };
  /** Whether a gone player closed the tab (absent in states written before the distinction: a lost connection). */
  goneLeft?: { w: boolean; b: boolean };
  /**
   * The clock as the round held it; applies while `atPly` is the game's ply. It differs from the last move's
   * only by the time credited after a restart or a takeover, which a second one must not charge again.
   */
  clock?: ClockState;
  /** An arena game: its tournament as players see it (fixed at the start). */
  tournament?: { id: string; name: string; berserkable: boolean };
  /** An arena game: which players berserked (half their base time, no increment). */
  berserk?: { w: boolean; b: boolean };
}

export const games = pgTable(
  "games",
  {
    id: text("id").primaryKey(),
    variant: text("variant").notNull(),
    timeClass: text("time_class").notNull(),
    baseMs: integer("base_ms").notNull(),
    incrementMs: integer("increment_ms").notNull(),
    /** A game without a clock (against the computer only): no clock runs, no first-move deadline. */
    untimed: boolean("untimed").notNull().default(false),
    /** The computer plays one side: it never leaves, so no first-move limit; an idle limit until the clock runs. */
    againstComputer: boolean("against_computer").notNull().default(false),
    initialFen: text("initial_fen").notNull(),
    /** A jumpstart game: its dealt position's evaluation when it was dealt (pawns, White's view). */
    startEval: real("start_eval"),
    whiteUserId: integer("white_user_id").references(() => users.id, { onDelete: "set null" }),
    blackUserId: integer("black_user_id").references(() => users.id, { onDelete: "set null" }),
    whiteSessionId: text("white_session_id").notNull(),
    blackSessionId: text("black_session_id").notNull(),
    whiteName: text("white_name").notNull(),
    blackName: text("black_name").notNull(),
    rated: boolean("rated").notNull(),
    clubId: integer("club_id"),
    /** Ratings before the game and each side's possible changes ({winEloDelta, drawEloDelta, lossEloDelta}). */
    whiteElo: integer("white_elo"),
    blackElo: integer("black_elo"),
    whiteDeltas: jsonb("white_deltas").$type<EloDeltas>().notNull(),
    blackDeltas: jsonb("black_deltas").$type<EloDeltas>().notNull(),
    status: text("status").$type<GameStatus>().notNull(),
    winningColor: text("winning_color"),
    endReason: text("end_reason"),
    whiteEloChange: integer("white_elo_change"),
    blackEloChange: integer("black_elo_change"),
    /** Final position, move count, SAN moves (space-separated) and clock: written at the start and the end. */
    fen: text("fen").notNull(),
    ply: integer("ply").notNull().default(0),
    moves: text("moves").notNull().default(""),
    clock: jsonb("clock").$type<ClockState>().notNull(),
    rematchOf: text("rematch_of"),
    /** An arena game: its tournament (history and profiles link to it). */
    tournamentId: text("tournament_id"),
    /** What a player sees of a live game besides its moves (event number, draw offer, deadlines): see roundState.ts. */
    roundState: jsonb("round_state").$type<PersistedRoundState>(),
    /** The fence of one writer per game: each owner takes the next number, and writes only under its own. */
    ownerEpoch: integer("owner_epoch").notNull().default(0),
    /**
     * The node that holds `owner_epoch`: the last to write the game. A takeover charges the clock until that
     * node's last heartbeat; a node that took the lease and died before its takeover was stored never wrote
     * the game, and its lease says nothing of when the game was last served.
     */
    ownerNode: text("owner_node"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    // What a move row's fence refers to (game_moves_owner_fk).
    unique("games_id_owner_epoch_unique").on(t.id, t.ownerEpoch),
    // Live games only: every node reads them at start and for the Watch list; daily games wait in the database.
    index("games_live_idx").on(t.status).where(sql`${t.status} = 'active' and ${t.timeClass} <> 'daily'`),
    // A player's daily games in progress (their list, a vacation): few per player among many finished games.
    index("games_daily_white_idx").on(t.whiteUserId).where(sql`${t.status} = 'active' and ${t.timeClass} = 'daily'`),
    index("games_daily_black_idx").on(t.blackUserId).where(sql`${t.status} = 'active' and ${t.timeClass} = 'daily'`),
    index("games_white_user_idx").on(t.whiteUserId, t.createdAt),
    index("games_black_user_idx").on(t.blackUserId, t.createdAt),
  ],
);

/**
 * A live game in progress: the predicate of games_live_idx, as literal SQL so that the planner can use the index
 * (a bound parameter for 'daily' would hide it). Daily games in progress are 'active' too, but no node holds them.
 */
export const isLiveGame = sql`${games.status} = 'active' and ${games.timeClass} <> 'daily'`;

/** A daily game in progress (the predicate of the games_daily_*_idx indexes). */
export const isDailyInProgress = sql`${games.status} = 'active' and ${games.timeClass} = 'daily'`;

/**
 * Every applied move, with the clock after it: the one write per move (a live game's state is its last
 * move row). The primary key makes a ply impossible to apply twice.
 */
export const gameMoves = pgTable(
  "game_moves",
  {
    gameId: text("game_id").notNull(),
    /**
     * The fence: the writer's epoch, which must be the game's (game_moves_owner_fk). A takeover's new epoch
     * is carried into the game's stored moves (on update cascade), so from then on only the new owner's
     * rows can be added, checked by the foreign key the row needs anyway.
     */
    ownerEpoch: integer("owner_epoch").notNull(),
    ply: integer("ply").notNull(),
    san: text("san").notNull(),
    uci: text("uci").notNull(),
    fen: text("fen").notNull(),
    /**
     * The clock after the move, in columns (moveClock.ts): remaining time of each side as of `running_since`,
     * each side's lag quota, and when the mover's opponent started thinking (null before the clock runs). The
     * rest of a clock is the game's. Columns rather than a JSON clock: each row cost the database thread, which
     * every commit waits on, a third more as JSON (bench/README.md).
     */
    whiteMs: integer("white_ms").notNull(),
    blackMs: integer("black_ms").notNull(),
    lagW: integer("lag_w").notNull(),
    lagB: integer("lag_b").notNull(),
    runningSince: bigint("running_since", { mode: "number" }),
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.ply] }),
    foreignKey({
      name: "game_moves_owner_fk",
      columns: [t.gameId, t.ownerEpoch],
      foreignColumns: [games.id, games.ownerEpoch],
    })
      .onUpdate("cascade")
      .onDelete("cascade"),
  ],
);

/** A move row's clock columns, to select as a group (areas/games/moveClock.ts reads them as one clock). */
export const gameMoveClock = {
  whiteMs: gameMoves.whiteMs,
  blackMs: gameMoves.blackMs,
  lagW: gameMoves.lagW,
  lagB: gameMoves.lagB,
  runningSince: gameMoves.runningSince,
};

/** A player's rating and record in one (variant, time class). */
export const ratings = pgTable(
  "ratings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    variant: text("variant").notNull(),
    timeClass: text("time_class").notNull(),
    elo: integer("elo").notNull(),
    games: integer("games").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    draws: integer("draws").notNull().default(0),
    losses: integer("losses").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variant, t.timeClass] }),
    index("ratings_board_idx").on(t.variant, t.timeClass, t.elo.desc(), t.userId),
  ],
);

/**
 * How many players of each (variant, time class) stand at each rating: the leaderboards find the rating a deep
 * page starts at from these instead of walking every player above it. Kept by triggers on `ratings`
 * (migration 0017), which log each change to `leaderboard_count_changes` in the rating's own transaction;
 * the leaderboards area folds that log in here now and then. Closed accounts are counted and taken off when read.
 */
export const leaderboardCounts = pgTable(
  "leaderboard_counts",
  {
    variant: text("variant").notNull(),
    timeClass: text("time_class").notNull(),
    elo: integer("elo").notNull(),
    players: integer("players").notNull(),
  },
  (t) => [primaryKey({ columns: [t.variant, t.timeClass, t.elo] })],
);

/**
 * Changes to `leaderboard_counts` not folded in yet (+1 / -1 per rating row that came or went): appended only,
 * so games ending at once never wait on each other's counts.
 */
export const leaderboardCountChanges = pgTable("leaderboard_count_changes", {
  variant: text("variant").notNull(),
  timeClass: text("time_class").notNull(),
  elo: integer("elo").notNull(),
  players: integer("players").notNull(),
});

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    chatId: text("chat_id").notNull(),
    chatType: text("chat_type").notNull(),
    username: text("username").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_messages_chat_idx").on(t.chatId, t.id)],
);

/** Last sign of life of each server process, to credit players for time lost in a crash. */
export const nodeHeartbeats = pgTable("node_heartbeats", {
  nodeId: text("node_id").primaryKey(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
});

/** A finished game's engine analysis, computed once (one entry per position, SPEC §3). */
export const gameAnalyses = pgTable("game_analyses", {
  gameId: text("game_id")
    .primaryKey()
    .references(() => games.id, { onDelete: "cascade" }),
  entries: jsonb("entries").$type<AnalysisEntry[]>().notNull(),
  nodes: integer("nodes").notNull(),
  engine: text("engine").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A player's own variations of a game (or an imported one) on the analysis board: its move tree, in SAN. */
export const analysisTrees = pgTable(
  "analysis_trees",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A game's or an imported game's id: the tree goes with either, so no foreign key. */
    gameId: text("game_id").notNull(),
    tree: jsonb("tree").$type<SavedTreeNode[]>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);

/**
 * Games imported from PGN (lichess's /paste): their start, main line and tags, analysed as played games are;
 * the analysis is kept on the row (game_analyses holds played games only). Public by their id, as lichess's are.
 */
export const importedGames = pgTable(
  "imported_games",
  {
    /** "import-" and 11 random characters: never a played game's id. */
    id: text("id").primaryKey(),
    /** The account that imported it (null: a guest). */
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The side the importer played, "w" or "b", as chosen or named in the tags; null: not known. */
    ownerColor: text("owner_color"),
    tags: jsonb("tags").$type<Record<string, string>>().notNull(),
    initialFen: text("initial_fen").notNull(),
    uciMoves: jsonb("uci_moves").$type<string[]>().notNull(),
    sans: jsonb("sans").$type<string[]>().notNull(),
    result: text("result").notNull(),
    /** The PGN's variations with the game's own moves (a saved tree, SAN); empty when it had none. */
    tree: jsonb("tree").$type<SavedTreeNode[]>().notNull().default([]),
    /** The PGN's comment before the first move (null: none). */
    openingComment: text("opening_comment"),
    entries: jsonb("entries").$type<AnalysisEntry[]>(),
    nodes: integer("nodes"),
    engine: text("engine"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("imported_games_owner_idx").on(t.ownerUserId)],
);

/**
 * Puzzles from players' own mistakes (shared `extractPuzzles`): the position where a player erred while one move
 * alone won or saved, and that move's line. One per game and position; the player's own deck, and site-wide
 * puzzles with a rating of their own (the site's Elo).
 */
export const puzzles = pgTable(
  "puzzles",
  {
    id: serial("id").primaryKey(),
    /** A played or an imported game's id. */
    gameId: text("game_id").notNull(),
    /** The position's index in the game (0 the start). */
    ply: integer("ply").notNull(),
    fen: text("fen").notNull(),
    /** The best line in UCI, the solver's move first; it ends on the solver's move. */
    solution: jsonb("solution").$type<string[]>().notNull(),
    /** The move the player made there instead. */
    played: text("played").notNull(),
    /** "wins" or "saves". */
    kind: text("kind").notNull(),
    /** The account whose mistake it was (null: a guest's or an imported game's). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull().default(1500),
    themes: jsonb("themes").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("puzzles_game_ply_unique").on(t.gameId, t.ply),
    index("puzzles_user_idx").on(t.userId),
    // The next puzzle is looked for on both sides of a rating.
    index("puzzles_rating_idx").on(t.rating, t.id),
  ],
);

/**
 * Games whose analysis was searched for puzzles (by the maker as an analysis is stored, or by the backfill of
 * analyses stored before): a game is claimed here before its searches, so no two makers search it. A claim is a
 * lease: renewed while its searches go on, taken over once stale (its node died mid-search).
 */
export const puzzleSources = pgTable("puzzle_sources", {
  /** A played or an imported game's id. */
  gameId: text("game_id").primaryKey(),
  /** When the claim was taken or last renewed. */
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  /** When its searches ended and their puzzles were stored; null while claimed. */
  searchedAt: timestamp("searched_at", { withTimezone: true }),
});

/**
 * Tries at puzzles: by an account or a guest's session; only an account's first try at a puzzle is rated
 * (`ratingChange`). Progress in the personal deck is the latest try's result.
 */
export const puzzleAttempts = pgTable(
  "puzzle_attempts",
  {
    id: serial("id").primaryKey(),
    puzzleId: integer("puzzle_id")
      .notNull()
      .references(() => puzzles.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id"),
    solved: boolean("solved").notNull(),
    moves: jsonb("moves").$type<string[]>().notNull(),
    rated: boolean("rated").notNull().default(false),
    ratingChange: integer("rating_change").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("puzzle_attempts_user_idx").on(t.userId, t.puzzleId),
    index("puzzle_attempts_session_idx").on(t.sessionId, t.puzzleId),
    index("puzzle_attempts_puzzle_idx").on(t.puzzleId),
  ],
);

/** An account's puzzle rating (the site's Elo, from PUZZLE_START_RATING) and its rated tries. */
export const puzzleRatings = pgTable("puzzle_ratings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  rating: integer("rating").notNull(),
  attempts: integer("attempts").notNull().default(0),
});

/** Pre-generated jumpstart positions per preset (stage × handicap), taken once each. */
export const jumpstartPositions = pgTable(
  "jumpstart_positions",
  {
    id: serial("id").primaryKey(),
    preset: text("preset").notNull(),
    fen: text("fen").notNull(),
    /** Pawns, White's view. */
    eval: real("eval").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("jumpstart_positions_preset_idx").on(t.preset, t.id)],
);

export const clubs = pgTable(
  "clubs",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    administratorId: integer("administrator_id")
      .notNull()
      .references(() => users.id),
    /** Who may join: "open", "request" or "invite" (JOIN_POLICIES). */
    joinPolicy: text("join_policy").$type<JoinPolicy>().notNull().default("invite"),
    /** What the club is about, as its creator wrote it (shown in search results and its details). */
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("clubs_name_lower_idx").on(sql`lower(${t.name})`)],
);

/** A player's request to join a club that takes members by request, until its administrator answers. */
export const clubJoinRequests = pgTable(
  "club_join_requests",
  {
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.userId] })],
);

export const clubMembers = pgTable(
  "club_members",
  {
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.userId] }), index("club_members_user_idx").on(t.userId)],
);

export const clubInvitations = pgTable(
  "club_invitations",
  {
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    inviteeId: integer("invitee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviterId: integer("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.inviteeId] }), index("club_invitations_invitee_idx").on(t.inviteeId)],
);

export const clubPosts = pgTable(
  "club_posts",
  {
    id: serial("id").primaryKey(),
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("club_posts_club_idx").on(t.clubId, t.id)],
);

export const clubEvents = pgTable(
  "club_events",
  {
    id: serial("id").primaryKey(),
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    eventDate: date("event_date", { mode: "string" }).notNull(),
    /** A club arena on the calendar: the event is the tournament (areas/tournaments made it). */
    tournamentId: text("tournament_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("club_events_club_idx").on(t.clubId, t.eventDate)],
);

/** A player's rating from one club's games (club Elo), beside the global one. */
export const clubRatings = pgTable(
  "club_ratings",
  {
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    variant: text("variant").notNull(),
    timeClass: text("time_class").notNull(),
    elo: integer("elo").notNull(),
    games: integer("games").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId, t.variant, t.timeClass] }),
    index("club_ratings_board_idx").on(t.clubId, t.variant, t.timeClass, t.elo.desc(), t.userId),
  ],
);

/** Friendship stored once per pair, lower user id first. */
export const friendships = pgTable(
  "friendships",
  {
    userA: integer("user_a")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userB: integer("user_b")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userA, t.userB] }), index("friendships_b_idx").on(t.userB)],
);

export const friendRequests = pgTable(
  "friend_requests",
  {
    inviterId: integer("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviteeId: integer("invitee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.inviterId, t.inviteeId] }), index("friend_requests_invitee_idx").on(t.inviteeId)],
);

export const friendMessages = pgTable(
  "friend_messages",
  {
    id: serial("id").primaryKey(),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: integer("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the recipient opened the conversation after this message arrived; null = unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("friend_messages_pair_idx").on(t.senderId, t.recipientId, t.id),
    index("friend_messages_recipient_idx").on(t.recipientId, t.id),
    index("friend_messages_unread_idx").on(t.recipientId, t.senderId).where(sql`${t.readAt} is null`),
  ],
);

/** `blockerId` no longer hears from `blockedId`: no messages, challenges, requests or invites. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // "Who blocked this player" (blockersOf, for spectator chat) and the cascade of a deleted user read by blocked_id.
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked_idx").on(t.blockedId)],
);

/** A logged-in player's display preferences (theme, board, pieces, sound...), validated by the shared schema. */
export const userPreferences = pgTable("user_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  prefs: jsonb("prefs").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Open rematch offers after a finished game (one per game at most): stored, so that a restart or another node
 * keeps what both players see. Expired offers are filtered on read and swept.
 */
export const rematchOffers = pgTable(
  "rematch_offers",
  {
    offerId: text("offer_id").primaryKey(),
    previousGameId: text("previous_game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    fromPlayer: jsonb("from_player").$type<{ sessionId: string; userId: number | null; name: string }>().notNull(),
    toPlayer: jsonb("to_player").$type<{ sessionId: string; userId: number | null; name: string }>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("rematch_offers_game_idx").on(t.previousGameId)],
);

/** A counted game on an arena player's sheet, from the player's side (areas/tournaments/arenaScoring.ts scores them). */
export interface StoredArenaResult {
  gameId: string;
  opponentId: number;
  /** The opponent's rating when the game was paired. */
  opponentRating: number;
  color: "w" | "b";
  outcome: "win" | "draw" | "loss";
  plies: number;
  berserk: boolean;
}

/** An arena tournament (areas/tournaments): its settings are fixed at creation. */
export const tournaments = pgTable(
  "tournaments",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Null: created by the site's schedule. */
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<ArenaStatus>().notNull().default("created"),
    variant: text("variant").notNull(),
    timeClass: text("time_class").notNull(),
    baseMs: integer("base_ms").notNull(),
    incrementMs: integer("increment_ms").notNull(),
    jumpstart: jsonb("jumpstart").$type<{ stage: GameStage; balance: Handicap }>(),
    rated: boolean("rated").notNull(),
    berserkable: boolean("berserkable").notNull(),
    streaks: boolean("streaks").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** Set when the arena starts: its start plus the duration. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Members only of this club (a club arena); the other conditions are in `conditions`. */
    clubId: integer("club_id").references(() => clubs.id, { onDelete: "cascade" }),
    conditions: jsonb("conditions").$type<Omit<ArenaConditions, "clubId">>().notNull(),
    clubBattle: jsonb("club_battle").$type<ClubBattleSettings>(),
    /** A club battle's final table (club ids, best first, with their points), once it finished. */
    battleResult: jsonb("battle_result").$type<Array<{ clubId: number; rank: number; points: number }>>(),
    /**
     * The fence of one director per arena: each node that takes the arena over takes the next number, and
     * pairs, starts and ends it only under its own.
     */
    directorEpoch: integer("director_epoch").notNull().default(0),
    nbPlayers: integer("nb_players").notNull().default(0),
    winnerId: integer("winner_id").references(() => users.id, { onDelete: "set null" }),
    /** A club arena repeated weekly or monthly: the next one is made when this one finishes. */
    recurrence: text("recurrence").$type<ArenaRecurrence>().notNull().default("none"),
    /**
     * The site's own schedule's slot ("hourly:blitz:2026-12-01T20"), unique: every node may try to make it, one
     * does. Null for arenas made by players.
     */
    scheduleSlot: text("schedule_slot").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("tournaments_status_idx").on(t.status, t.startsAt),
    index("tournaments_club_idx").on(t.clubId, t.startsAt).where(sql`${t.clubId} is not null`),
  ],
);

/** A player of an arena: their sheet, points and pause state. */
export const tournamentPlayers = pgTable(
  "tournament_players",
  {
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** In the arena's category; set at entry, updated after each rated game of the arena. */
    rating: integer("rating").notNull(),
    /** The club the player plays for in a club battle. */
    clubId: integer("club_id"),
    /** The counted games in the order they finished; points, fire and performance are derived from them. */
    results: jsonb("results").$type<StoredArenaResult[]>().notNull().default([]),
    points: integer("points").notNull().default(0),
    onFire: boolean("on_fire").notNull().default(false),
    /** Null until a counted game. */
    performance: integer("performance"),
    berserks: integer("berserks").notNull().default(0),
    /** Paused (withdrawn): never paired until they rejoin, not before `rejoin_at`. */
    paused: boolean("paused").notNull().default(false),
    pauses: integer("pauses").notNull().default(0),
    rejoinAt: timestamp("rejoin_at", { withTimezone: true }),
    /** The arena game the player is in: never paired twice at once. */
    playingGameId: text("playing_game_id"),
    /** The rank in the frozen standings, once the arena is over. */
    finalRank: integer("final_rank"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.userId] }),
    index("tournament_players_user_idx").on(t.userId),
    index("tournament_players_points_idx").on(t.tournamentId, t.points.desc()),
  ],
);

/** An arena game, keyed by the game's id (the director names the game before it starts). */
export const tournamentPairings = pgTable(
  "tournament_pairings",
  {
    gameId: text("game_id").primaryKey(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    whiteId: integer("white_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blackId: integer("black_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Each side's arena rating when paired (the opponent's counts in the performance). */
    whiteRating: integer("white_rating").notNull(),
    blackRating: integer("black_rating").notNull(),
    whiteBerserk: boolean("white_berserk").notNull().default(false),
    blackBerserk: boolean("black_berserk").notNull().default(false),
    /** "cancelled": the game could not be started; its players were freed. */
    status: text("status").$type<"playing" | "finished" | "cancelled">().notNull().default("playing"),
    winner: text("winner").$type<"white" | "black" | "draw">(),
    plies: integer("plies"),
    /** Whether the result counted (it finished while the arena ran). */
    counted: boolean("counted"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("tournament_pairings_tournament_idx").on(t.tournamentId, t.startedAt),
    index("tournament_pairings_playing_idx").on(t.tournamentId).where(sql`${t.status} = 'playing'`),
    index("tournament_pairings_white_idx").on(t.whiteId),
    index("tournament_pairings_black_idx").on(t.blackId),
  ],
);

/**
 * A daily game's state beyond its games row and moves (areas/daily): its clock, each side's conditional lines,
 * the alarm and a draw offer. Kept after the game ends (its days per move); deadline and alarm are then null.
 * A daily game's `games` row carries its position and ply after every move (a live game's, at start and end
 * only): a move is stored only against the ply it was decided on, a compare-and-set on that row.
 */
export const dailyGames = pgTable(
  "daily_games",
  {
    gameId: text("game_id")
      .primaryKey()
      .references(() => games.id, { onDelete: "cascade" }),
    days: integer("days").notNull(),
    /** When the side to move runs out (epoch ms); null while paused by a vacation, and once the game ended. */
    deadline: bigint("deadline", { mode: "number" }),
    /** While paused: what the side to move had left (ms). */
    pausedLeftMs: bigint("paused_left_ms", { mode: "number" }),
    /** When the side to move's 80 % alarm rings (epoch ms); null once rung or dropped. */
    alarmAt: bigint("alarm_at", { mode: "number" }),
    drawOfferBy: text("draw_offer_by").$type<"w" | "b">(),
    /** Conditional lines of each side, UCI plies, each starting with the opponent's expected move. */
    conditionalsW: jsonb("conditionals_w").$type<string[][]>().notNull().default([]),
    conditionalsB: jsonb("conditionals_b").$type<string[][]>().notNull().default([]),
    /** A club match game: never aborted; a side that never moves loses it (chess.com). */
    noShowLoses: boolean("no_show_loses").notNull().default(false),
  },
  (t) => [
    // The sweeper's query: the games whose time ran out, oldest deadline first.
    index("daily_games_deadline_idx").on(t.deadline).where(sql`${t.deadline} is not null`),
    index("daily_games_alarm_idx").on(t.alarmAt).where(sql`${t.alarmAt} is not null`),
  ],
);

/** Each account's vacation ledger (shared/domain/dailyVacation.ts); absent: the sign-up allowance, unused. */
export const dailyVacations = pgTable(
  "daily_vacations",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balanceMs: bigint("balance_ms", { mode: "number" }).notNull(),
    asOf: bigint("as_of", { mode: "number" }).notNull(),
    since: bigint("since", { mode: "number" }),
    /** While on vacation: when it runs out unless ended before (the sweeper ends it then). */
    runsOutAt: bigint("runs_out_at", { mode: "number" }),
  },
  (t) => [index("daily_vacations_runs_out_idx").on(t.runsOutAt).where(sql`${t.runsOutAt} is not null`)],
);

/**
 * Open daily offers: public ones in the lobby's daily list, and challenges to one player (`to_user_id`: a friend,
 * or the opponent of a rematch). They wait for days, so they are rows, not live state.
 */
export const dailyOffers = pgTable(
  "daily_offers",
  {
    offerId: text("offer_id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Names and the owner's daily rating as the offer was made (names never change), as lists show them. */
    ownerName: text("owner_name").notNull(),
    rating: integer("rating").notNull(),
    toUserId: integer("to_user_id").references(() => users.id, { onDelete: "cascade" }),
    toName: text("to_name"),
    days: integer("days").notNull(),
    variant: text("variant").notNull(),
    color: text("color").notNull(),
    rated: boolean("rated").notNull(),
    rematchOf: text("rematch_of"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("daily_offers_public_idx").on(t.createdAt).where(sql`${t.toUserId} is null`),
    index("daily_offers_owner_idx").on(t.ownerId),
    index("daily_offers_to_idx").on(t.toUserId),
  ],
);

/**
 * Daily club matches: club "a" challenged club "b". Before the start members sign up (club_match_players);
 * at the start each roster is ordered by rating and the games are made (club_match_games), their results kept
 * here as they end so the score is one read.
 */
export const clubMatches = pgTable(
  "club_matches",
  {
    id: text("id").primaryKey(),
    clubA: integer("club_a")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    clubB: integer("club_b")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<ClubMatchStatus>().notNull(),
    days: integer("days").notNull(),
    variant: text("variant").notNull(),
    rated: boolean("rated").notNull(),
    maxBoards: integer("max_boards").notNull(),
    /** Epoch ms: sign-up ends and the match starts by itself. */
    startsAt: bigint("starts_at", { mode: "number" }).notNull(),
    /** A node starting the match holds it until then (epoch ms): another takes over a start left half done. */
    startingUntil: bigint("starting_until", { mode: "number" }),
    startedAt: bigint("started_at", { mode: "number" }),
    finishedAt: bigint("finished_at", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("club_matches_a_idx").on(t.clubA),
    index("club_matches_b_idx").on(t.clubB),
    index("club_matches_due_idx").on(t.startsAt).where(sql`${t.status} = 'open'`),
  ],
);

export const clubMatchPlayers = pgTable(
  "club_match_players",
  {
    matchId: text("match_id")
      .notNull()
      .references(() => clubMatches.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    side: text("side").$type<"a" | "b">().notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId] })],
);

export const clubMatchGames = pgTable(
  "club_match_games",
  {
    gameId: text("game_id").primaryKey(),
    matchId: text("match_id")
      .notNull()
      .references(() => clubMatches.id, { onDelete: "cascade" }),
    board: integer("board").notNull(),
    whiteSide: text("white_side").$type<"a" | "b">().notNull(),
    whiteUserId: integer("white_user_id").references(() => users.id, { onDelete: "set null" }),
    blackUserId: integer("black_user_id").references(() => users.id, { onDelete: "set null" }),
    whiteName: text("white_name").notNull(),
    blackName: text("black_name").notNull(),
    whiteRating: integer("white_rating").notNull(),
    blackRating: integer("black_rating").notNull(),
    /** "white", "black", "draw", "none"; null while it goes on. */
    result: text("result").$type<"white" | "black" | "draw" | "none">(),
  },
  (t) => [index("club_match_games_match_idx").on(t.matchId, t.board)],
);
