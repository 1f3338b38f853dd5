// The baseline: a bare Socket.IO relay with no chess, no database. A "move" is forwarded as "update"
// to the other sockets of the game's room. Run as a child process: node relay.mjs <port>
import { createServer } from "node:http";
import { Server } from "socket.io";

const port = Number(process.argv[2] ?? 0);
const http = createServer();
const io = new Server(http, { serveClient: false });
io.on("connection", (socket) => {
  socket.on("join", (gameId, ack) => {
    socket.join(gameId);
    ack?.({ ok: true });
  });
  socket.on("move", (payload, ack) => {
    socket.to(payload.gameId).emit("update", { gameId: payload.gameId, move: payload.move, ply: payload.ply + 1 });
    ack?.({ ok: true, data: { ply: payload.ply + 1 } });
  });
});
http.listen(port, "127.0.0.1", () => process.send?.({ port: http.address().port }));
