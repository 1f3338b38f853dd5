// The durable baseline: relay.mjs plus, before a move is relayed and acknowledged, an INSERT of it into the
// database the server uses, committed and on disk: PGlite in its worker thread, answered after its group
// fdatasync (packages/server/src/storage/pgliteWorker.ts), or PostgreSQL (DATABASE_URL) after its own WAL
// flush. No chess, no game state: the floor for a server that commits before it acknowledges. Like any
// sensible writer it batches: the moves read from the sockets in one event-loop turn go into one INSERT,
// and INSERTs do not wait for each other (the database's group commit shares their syncs).
// Run as a child process: node --import tsx durableRelay.ts <port> <pgliteDir>
import { createServer } from "node:http";
import { Server, type Socket } from "socket.io";
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
const INSERT = `insert into ${TABLE} (game_id, ply, uci)
  select * from unnest($1::text[], $2::int[], $3::text[])`;

interface Move {
  gameId: string;
  ply: number;
  move: { from: string; to: string; promotion?: string };
}
type Ack = (answer: unknown) => void;
interface Pending {
  socket: Socket;
  payload: Move;
  ack?: Ack;
}

let batch: Pending[] = [];
function write(): void {
  const moves = batch;
  batch = [];
  const uci = ({ move: { from, to, promotion } }: Move) => `${from}${to}${promotion ?? ""}`;
  const columns = [
    moves.map((m) => m.payload.gameId),
    moves.map((m) => m.payload.ply),
    moves.map((m) => uci(m.payload)),
  ];
  runStatement(db, INSERT, columns).then(
    () => {
      for (const { socket, payload, ack } of moves) {
        socket.to(payload.gameId).emit("update", { gameId: payload.gameId, move: payload.move, ply: payload.ply + 1 });
        ack?.({ ok: true, data: { ply: payload.ply + 1 } });
      }
    },
    (error: unknown) => {
      for (const { ack } of moves) ack?.({ ok: false, message: String(error) });
    },
  );
}

const http = createServer();
const io = new Server(http, { serveClient: false });
io.on("connection", (socket) => {
  socket.on("join", (gameId: string, ack?: Ack) => {
    socket.join(gameId);
    ack?.({ ok: true });
  });
  socket.on("move", (payload: Move, ack?: Ack) => {
    batch.push({ socket, payload, ack });
    if (batch.length === 1) setImmediate(write);
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
