import fc from "fast-check";
import { expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";
import { guest, type Player, play, startGame } from "./players.ts";

const app = useTestServer();

const EVENTS = [
  "refreshLobby",
  "createGameOffer",
  "acceptGameOffer",
  "cancelOffer",
  "move",
  "forfeit",
  "offerDraw",
  "acceptDraw",
  "declineDraw",
  "abort",
  "claimVictory",
  "resync",
  "watch",
  "currentGame",
  "cancelRematchOffer",
  "chatMessage",
  "getChatHistory",
  "friendMessage",
  "createFriendChallenge",
  "denyFriendChallenge",
  "noSuchEvent",
];

/** Payloads shaped like the real ones but wrong in every way fast-check can think of. */
const hostile = (gameId: string) =>
  fc.oneof(
    fc.anything({ maxDepth: 3 }),
    fc.record(
      {
        gameId: fc.oneof(fc.constant(gameId), fc.string(), fc.integer(), fc.constant(null)),
        move: fc.oneof(
          fc.record(
            {
              from: fc.string({ maxLength: 4 }),
              to: fc.string({ maxLength: 4 }),
              promotion: fc.string({ maxLength: 2 }),
            },
            { requiredKeys: [] },
          ),
          fc.anything({ maxDepth: 2 }),
        ),
        ply: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(-1)),
        offerId: fc.oneof(fc.string({ maxLength: 80 }), fc.integer()),
        baseTime: fc.oneof(fc.double(), fc.integer(), fc.string()),
        increment: fc.oneof(fc.double(), fc.integer(), fc.string()),
        text: fc.oneof(fc.string({ maxLength: 300 }), fc.integer()),
        chatType: fc.oneof(fc.constantFrom("game", "global", "club", "x"), fc.string()),
        chatId: fc.oneof(fc.constant(gameId), fc.string({ maxLength: 80 })),
        friendName: fc.oneof(fc.string({ maxLength: 80 }), fc.integer()),
        message: fc.oneof(fc.string({ maxLength: 200 }), fc.anything({ maxDepth: 1 })),
      },
      { requiredKeys: [] },
    ),
  );

it("survives 10,000 malformed socket events: error acks, no crash, the game unchanged", {
  timeout: 180_000,
}, async () => {
  const { white, black, game } = await startGame(await guest(app.url), await guest(app.url), {
    baseTime: 10,
    increment: 0,
    selectedColor: "white",
  });
  await play(white, black, game.gameId, ["e2e4", "e7e5"]);
  const before = await black.emit<{ fen: string; ply: number; status: string }>("resync", { gameId: game.gameId });

  // Attackers are outsiders: they may not play, so nothing they send may change the game. A hundred of
  // them keep each under the per-socket flood limit, so the payloads reach validation.
  const attackers: Player[] = [];
  for (let i = 0; i < 100; i++) attackers.push(await guest(app.url));
  const samples = fc.sample(fc.tuple(fc.constantFrom(...EVENTS), hostile(game.gameId)), 10_000);
  const answers = { ok: 0, error: 0, none: 0 };
  const codes = new Map<string, number>();
  for (let i = 0; i < samples.length; i += 100) {
    await Promise.all(
      samples.slice(i, i + 100).map(async ([event, payload], j) => {
        const attacker = attackers[(i + j) % attackers.length] as Player;
        try {
          const answer = await attacker.emit(event, payload, 10_000);
          if (answer && typeof answer === "object" && "ok" in answer) {
            answers[answer.ok ? "ok" : "error"]++;
            if (!answer.ok) codes.set(String(answer.code), (codes.get(String(answer.code)) ?? 0) + 1);
          } else answers.none++;
        } catch {
          answers.none++; // no ack within the time: acceptable only for throttled floods
        }
      }),
    );
  }
  expect(answers.error).toBeGreaterThan(5_000);
  expect(codes.get("validation")).toBeGreaterThan(2_000);
  expect(codes.get("internal")).toBeUndefined();
  const health = await http(app.url, "GET", "/health");
  expect(health.json.status).toBe("ok");
  const after = await black.emit<{ fen: string; ply: number; status: string }>("resync", { gameId: game.gameId });
  expect(after.data).toMatchObject({ fen: before.data?.fen, ply: 2, status: "active" });
  // The players are unaffected and can go on.
  await play(white, black, game.gameId, ["g1f3"], 2);
  for (const p of [white, black, ...attackers]) p.socket.close();
});
