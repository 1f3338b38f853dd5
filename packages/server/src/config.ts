import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { z } from "zod";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(" or ")}`,
    });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
  REDIS_URL: optionalUrl(["redis://", "rediss://"]),
  STOCKFISH_PATH: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  PUBLIC_ORIGIN: optionalUrl(["http://", "https://"]).refine(
    (v) => v === undefined || !v.endsWith("/"),
    "must not end with a slash",
  ),
  ENGINE_WORKERS: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  COMPUTER_ENGINES: z.coerce.number().int().min(1).max(64).optional(),
  ENGINE_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  ENGINES_AT_START: z.enum(["true", "false", "1", "0"]).default("true"),
  ANALYSIS_NODES: z.coerce.number().int().min(1_000).max(100_000_000).default(150_000),
  PUZZLE_BACKFILL: z.enum(["true", "false", "1", "0"]).default("true"),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:-]{1,40}$/, "letters, digits, '_', '-' or ':' (1-40)")
    .default("chess"),
  JUMPSTART_POOL_SIZE: z.coerce.number().int().min(0).max(1000).default(4),
  JUMPSTART_SEARCH_MS: z.coerce.number().int().min(1).max(60_000).default(8_000),
  WORKERS: z.enum(["local", "external"]).default("local"),
  JOB_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().trim().optional(),
  TRUST_PROXY: z.enum(["true", "false", "1", "0"]).default("false"),
  SIGNUP_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(20),
  GUEST_SESSIONS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(60),
  CONNECT_BURST_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  CONNECT_RATE_PER_IP: z.coerce.number().min(0.01).max(1_000_000).default(3),
  SOCKETS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(100),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  CLOCK_OFFSET_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400_000)
    .default(0),
  DAILY_SWEEP_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  ARENA_COUNTDOWN_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  ARENA_SCHEDULE: z.enum(["true", "false"]).default("true"),
  FIRST_MOVE_LIMITS_MS: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^[1-9]\d{3,5}(,[1-9]\d{3,5}){3}$/.test(v), {
      message: "four limits in ms, for bullet,blitz,rapid,classical (1000-999999 each)",
    }),
});

/** Everything the process reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and of the Socket.IO stream: nodes of one site share it. */
  redisPrefix: string;
  stockfishPath: string | undefined;
  /** Origins allowed on state-changing requests and the socket handshake, besides the request's own host. */
  publicOrigin: string | undefined;
  engineWorkers: number;
  /** Engine processes that play the computer's moves (a pool of their own, so analysis never delays one). */
  computerEngines: number;
  /** OS priority (nice) of engine processes: above 0 they yield to the server. */
  engineNiceness: number;
  /** Start every engine with the server (ENGINES_AT_START), not under the first search (see EnginePool.warm). */
  enginesAtStart: boolean;
  /** Engine nodes per analysed position. */
  analysisNodes: number;
  /** Search the analyses stored before puzzles existed (or whose making failed) for puzzles, once the node listens. */
  puzzleBackfill: boolean;
  /** Pre-generated jumpstart positions kept per preset (0: generate on demand only). */
  jumpstartPoolSize: number;
  /** How long a search for a custom jumpstart range may take before the offer is refused. */
  jumpstartSearchMs: number;
  /**
   * Scaled mode: "local" lets each web node work the job queue with its own engines besides any
   * `npm run worker`; "external" leaves engine jobs to worker processes alone.
   */
  workers: "local" | "external";
  /** How long a queued job stays with a worker that stopped answering before another worker takes it. */
  jobLockMs: number;
  logLevel: string;
  /** Built web app to serve; undefined serves none (API only). */
  webDist: string | undefined;
  /** Behind https: the session cookie gets `Secure`. */
  secureCookies: boolean;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Accounts one address may create per hour. */
  signupLimitPerIp: number;
  guestSessionsPerIp: number;
  /**
   * Socket.IO connections per client address on this node, refused before the handshake: a burst of new ones,
   * refilled at a rate per second, and a cap on those held open.
   */
  connectLimits: { burst: number; perSecond: number; open: number };
  /** A database statement that has not answered after this fails as "database unavailable". */
  statementTimeoutMs: number;
  /**
   * First-move limits by speed when set (FIRST_MOVE_LIMITS_MS, for tests that wait one out); undefined keeps
   * the game rules' own (FIRST_MOVE_MS in areas/games/gameRound.ts).
   */
  firstMoveMs: { bullet: number; blitz: number; rapid: number; classical: number } | undefined;
  /**
   * Added to the system clock by the areas that read `core.now` (daily games: deadlines, vacations,
   * alarms). For tests and demonstrations of days passing, across restarts (CLOCK_OFFSET_MS); 0 in production.
   */
  clockOffsetMs: number;
  /** How often the node holding the sweeper lease ends daily games out of time, vacations run out and alarms. */
  dailySweepMs: number;
  /**
   * When set, every arena made by a player starts this long after it is made, whatever its countdown (tests
   * and demonstrations, which cannot wait out a minute's countdown); undefined in production.
   */
  arenaCountdownMs: number | undefined;
  /** Whether this node makes the site's hourly arenas (ARENA_SCHEDULE; tests that count arenas turn it off). */
  arenaSchedule: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv, defaults: { webDist?: string } = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join(".")}=${JSON.stringify(env[String(i.path[0])] ?? "")}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.WORKERS === "external" && !(e.REDIS_URL && e.DATABASE_URL)) {
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS="external": worker processes need REDIS_URL and DATABASE_URL (unset, jobs run in this process)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    stockfishPath: e.STOCKFISH_PATH,
    publicOrigin: e.PUBLIC_ORIGIN,
    engineWorkers: e.ENGINE_WORKERS,
    computerEngines: e.COMPUTER_ENGINES ?? e.ENGINE_WORKERS,
    engineNiceness: e.ENGINE_NICENESS,
    enginesAtStart: e.ENGINES_AT_START === "true" || e.ENGINES_AT_START === "1",
    analysisNodes: e.ANALYSIS_NODES,
    puzzleBackfill: e.PUZZLE_BACKFILL === "true" || e.PUZZLE_BACKFILL === "1",
    jumpstartPoolSize: e.JUMPSTART_POOL_SIZE,
    jumpstartSearchMs: e.JUMPSTART_SEARCH_MS,
    workers: e.WORKERS,
    jobLockMs: e.JOB_LOCK_MS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : defaults.webDist,
    secureCookies: e.PUBLIC_ORIGIN?.startsWith("https://") ?? false,
    trustProxy: e.TRUST_PROXY === "true" || e.TRUST_PROXY === "1",
    signupLimitPerIp: e.SIGNUP_LIMIT_PER_IP,
    guestSessionsPerIp: e.GUEST_SESSIONS_PER_IP,
    connectLimits: { burst: e.CONNECT_BURST_PER_IP, perSecond: e.CONNECT_RATE_PER_IP, open: e.SOCKETS_PER_IP },
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    firstMoveMs: firstMoveLimits(e.FIRST_MOVE_LIMITS_MS),
    clockOffsetMs: e.CLOCK_OFFSET_MS,
    dailySweepMs: e.DAILY_SWEEP_MS,
    arenaCountdownMs: e.ARENA_COUNTDOWN_MS,
    arenaSchedule: e.ARENA_SCHEDULE === "true",
  };
}

function firstMoveLimits(list: string | undefined): Config["firstMoveMs"] {
  if (list === undefined) return undefined;
  const [bullet, blitz, rapid, classical] = list.split(",").map(Number) as [number, number, number, number];
  return { bullet, blitz, rapid, classical };
}
