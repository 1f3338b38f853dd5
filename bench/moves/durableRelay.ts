// The durable baseline: relay.mjs plus, before a move is relayed and acknowledged, an INSERT of it into the
// database the server uses, committed and on disk: PGlite in its worker thread, answered after its group
// fdatasync (packages/server/src/storage/pgliteWorker.ts), or PostgreSQL (DATABASE_URL) after its own WAL
// flush. One statement per move, no chess: the floor for a server that commits before it acknowledges.
// Run as a child process: node --import tsx durableRelay.ts <port> <pgliteDir>
import { createServer } from "node:http";
import { Server } from "socket.io";
import { openDatabase, runStatement } from "../../packages/server/src/storage/db.ts";

const port = Number(process.argv[2] ?? 0);
const pgliteDir = process.argv[3];
const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir });
const db = database.db;
// Its own table: the games and moves tables of the database belong to the server's runs.
const TABLE = `bench_relay_moves_${process.pid}`;
await runStatement(
  db,
  `create table ${TABLE} (game_id text not null, ply int not null, uci text not null,
    moved_at timestamptz not null default now(), primary key (game_id, ply))`,
  [],
);
const INSERT = `insert into ${TABLE} (game_id, ply, uci) values ($1, $2, $3)`;

interface Move {
  gameId: string;
  ply: number;
  move: { from: string; to: string; promotion?: string };
}
type Ack = (answer: unknown) => void;

const http = createServer();
const io = new Server(http, { serveClient: false });
io.on("connection", (socket) => {
  socket.on("join", (gameId: string, ack?: Ack) => {
    socket.join(gameId);
    ack?.({ ok: true });
  });
  socket.on("move", (payload: Move, ack?: Ack) => {
    const { from, to, promotion } = payload.move;
    runStatement(db, INSERT, [payload.gameId, payload.ply, `${from}${to}${promotion ?? ""}`]).then(
      () => {
        socket.to(payload.gameId).emit("update", { gameId: payload.gameId, move: payload.move, ply: payload.ply + 1 });
        ack?.({ ok: true, data: { ply: payload.ply + 1 } });
      },
      (error: unknown) => ack?.({ ok: false, message: String(error) }),
    );
  });
});

process.on("SIGTERM", async () => {
  await io.close();
  await runStatement(db, `drop table if exists ${TABLE}`, []).catch(() => {});
  await database.close();
  process.exit(0);
});
http.listen(port, "127.0.0.1", () => {
  const address = http.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
});
