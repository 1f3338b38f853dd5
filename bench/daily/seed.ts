// The daily benches' data: players with sessions, and daily games between them, written straight into the
// database (bench/daily/run.ts, bench/daily/moveCost.ts).
import { sql } from "drizzle-orm";
import type { Database } from "../../packages/server/src/storage/db.ts";

export const DAY = 86_400_000;
export const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const AFTER_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

/** One ply of a line every seeded game has already played. */
export interface SeedPly {
  san: string;
  uci: string;
  fen: string;
}

/**
 * Players with sessions (`benchsession<id>`), and `games` games between them, White to move with days left
 * after `line` (none: the start), but the last 2 × `timeouts`, which are two plies in and due within the first
 * minutes (the first `timeouts`, 30-90 s after `now`) or far later (the caller sets those deadlines). Game g:
 * `dg<g>`, White player 1 + g % players, Black the next one round the ring.
 */
export async function seedDaily(
  database: Database,
  opts: { games: number; players: number; timeouts: number; now: number; line?: SeedPly[] },
) {
  const { games, players, timeouts, now } = opts;
  const line = opts.line ?? [];
  const db = database.db;
  const regular = games - 2 * timeouts;
  await db.execute(sql`insert into users (username, email, password_hash)
    select 'dp' || g, 'dp' || g || '@example.com', 'x' from generate_series(1, ${players}::int) g`);
  await db.execute(sql`insert into sessions (id, user_id, guest_name)
    select 'benchsession' || u.id, u.id, 'g' from users u`);
  const deltas = '{"winEloDelta":10,"drawEloDelta":0,"lossEloDelta":-10}';
  const clock = JSON.stringify({
    remaining: { w: 3 * DAY, b: 3 * DAY },
    turn: "w",
    runningSince: null,
    incrementMs: 0,
    lagQuota: { w: 0, b: 0 },
    lagGain: 0,
  });
  const lineFen = line.at(-1)?.fen ?? START;
  await db.execute(sql`insert into games (id, variant, time_class, base_ms, increment_ms, initial_fen, white_user_id,
      black_user_id, white_session_id, black_session_id, white_name, black_name, rated, white_elo, black_elo,
      white_deltas, black_deltas, status, fen, ply, clock)
    select 'dg' || g, 'standard', 'daily', ${3 * DAY}, 0, ${START}, 1 + g % ${players}, 1 + (g + 1) % ${players},
      'daily:' || (1 + g % ${players}), 'daily:' || (1 + (g + 1) % ${players}), 'dp' || (1 + g % ${players}),
      'dp' || (1 + (g + 1) % ${players}), true, 1200, 1200, ${deltas}::jsonb, ${deltas}::jsonb, 'active',
      case when g >= ${regular} then ${AFTER_E5} else ${lineFen} end,
      case when g >= ${regular} then 2 else ${line.length} end, ${clock}::jsonb
    from generate_series(0, ${games - 1}::int) g`);
  const plies = (rows: SeedPly[]) =>
    JSON.stringify(rows.map((p, i) => ({ ply: i + 1, san: p.san, uci: p.uci, fen: p.fen })));
  const moveRows = async (from: number, to: number, rows: SeedPly[]) => {
    if (rows.length === 0 || to <= from) return;
    await db.execute(sql`insert into game_moves (game_id, owner_epoch, ply, san, uci, fen, white_ms, black_ms, lag_w, lag_b, moved_at)
      select 'dg' || g, 0, p.ply, p.san, p.uci, p.fen, ${3 * DAY}, ${3 * DAY}, 0, 0, now()
      from generate_series(${from}::int, ${to - 1}::int) g
      cross join json_to_recordset(${plies(rows)}::json) as p(ply int, san text, uci text, fen text)`);
  };
  await moveRows(0, regular, line);
  await moveRows(regular, games, [
    { san: "e4", uci: "e2e4", fen: AFTER_E4 },
    { san: "e5", uci: "e7e5", fen: AFTER_E5 },
  ]);
  // Deadlines: days away for most; 30-90 s away for the first `timeouts` due; the next `timeouts` far away
  // until the caller sets them.
  await db.execute(sql`insert into daily_games (game_id, days, deadline, alarm_at)
    select 'dg' || g, 3,
      case when g >= ${games - timeouts}::int then ${now + 1_000_000_000}::bigint
           when g >= ${regular}::int then ${now + 30_000}::bigint + (g - ${regular}::int) * 600
           else ${now + DAY}::bigint + g * 1000 end,
      ${now + 2 * DAY}::bigint
    from generate_series(0, ${games - 1}::int) g`);
}
