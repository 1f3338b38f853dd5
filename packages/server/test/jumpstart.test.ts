import { GAME_STAGES, HANDICAPS } from "@chess/shared";
import { Chess } from "chess.js";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnginePool, findEngine } from "../src/areas/analysis/index.ts";
import { CHECK_NODES } from "../src/areas/jumpstart/index.ts";
import { createTestDatabase, http, startTestServer, type TestServer } from "./harness.ts";
import { guest, registered } from "./players.ts";

let server: TestServer;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let base: string;
/** An engine of the test's own, to re-check what the server generated. */
const checker = new EnginePool(findEngine(), { size: 1, queueLimit: 10, logger: pino({ level: "silent" }) });

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startTestServer({ ...db.env, JUMPSTART_POOL_SIZE: "1", ENGINE_WORKERS: "1" });
  base = server.url;
});

afterAll(async () => {
  checker.close();
  await server?.close();
  await db?.drop();
});

const query = (evalMin: number, evalMax: number, moveMin: number, moveMax: number) =>
  `lower_eval_limit=${evalMin}&upper_eval_limit=${evalMax}&lower_move_limit=${moveMin}&upper_move_limit=${moveMax}`;

async function expectWithin(fen: string, evalMin: number, evalMax: number, moveMin: number, moveMax: number) {
  const chess = new Chess(fen);
  expect(chess.isGameOver()).toBe(false);
  expect(chess.moveNumber()).toBeGreaterThanOrEqual(moveMin);
  expect(chess.moveNumber()).toBeLessThanOrEqual(moveMax);
  // Single thread, fixed nodes, cleared hash: Stockfish gives the same answer as the server's final check.
  const { score } = await checker.analyse(fen, CHECK_NODES, { fresh: true });
  const pawns = "mate" in score ? Math.sign(score.mate) * 100 : score.cp / 100;
  expect(pawns).toBeGreaterThanOrEqual(evalMin);
  expect(pawns).toBeLessThanOrEqual(evalMax);
}

describe("GET /game/random-position", () => {
  it.each([
    [0, 1, 10, 12],
    [1, 2, 14, 16],
    [-2, -1, 10, 14],
  ])(
    "finds a position with eval %d..%d and move %d..%d by engine-guided play",
    { timeout: 150_000 },
    async (e1, e2, m1, m2) => {
      // A search has 8 s; on a loaded machine it can miss and say so (503, try again), as a player would.
      let res = await http(base, "GET", `/game/random-position?${query(e1, e2, m1, m2)}`);
      for (let retry = 0; retry < 3 && res.status === 503; retry++) {
        res = await http(base, "GET", `/game/random-position?${query(e1, e2, m1, m2)}`);
      }
      expect(res.status).toBe(200);
      expect(res.json.source).toBe("generated");
      await expectWithin(String(res.json.fen), e1, e2, m1, m2);
    },
  );

  it("serves a preset from the pre-generated pool", { timeout: 120_000 }, async () => {
    const stage = GAME_STAGES.early;
    const handicap = HANDICAPS.almostEven;
    const stock = async () => Number((await http(base, "GET", "/health")).json.jumpstartStock);
    const deadline = Date.now() + 100_000;
    while ((await stock()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    const before = await stock();
    expect(before).toBeGreaterThan(0);
    const res = await http(
      base,
      "GET",
      `/game/random-position?${query(handicap.eval.min, handicap.eval.max, stage.moves.min, stage.moves.max)}`,
    );
    expect(res.status).toBe(200);
    expect(res.json.source).toBe("pool");
    await expectWithin(String(res.json.fen), handicap.eval.min, handicap.eval.max, stage.moves.min, stage.moves.max);
  });

  it.each([
    ["", "lower_eval_limit"],
    [query(3, 1, 10, 20), "lower_eval_limit must not exceed upper_eval_limit"],
    [query(0, 1, 30, 20), "lower_move_limit must not exceed upper_move_limit"],
    [
      "lower_eval_limit=x&upper_eval_limit=1&lower_move_limit=1&upper_move_limit=2",
      "lower_eval_limit must be a number",
    ],
  ])("refuses the query %s", async (q, message) => {
    const res = await http(base, "GET", `/game/random-position?${q}`);
    expect(res.status).toBe(400);
    expect(String(res.json.message)).toContain(message);
  });
});

describe("GET /game/shuffle-board", () => {
  it("returns a legal Chess960 start", async () => {
    const res = await http(base, "GET", "/game/shuffle-board");
    const chess = new Chess(String(res.json.fen));
    expect(chess.moves().length).toBeGreaterThan(0);
    expect(String(res.json.fen)).toMatch(/^[rnbqk]{8}\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/[RNBQK]{8} w - - 0 1$/);
  });
});

describe("jumpstart games", () => {
  it("start both players from the same generated position, the handicapped creator on the worse side", {
    timeout: 150_000,
  }, async () => {
    const creator = await registered(base, "jsA");
    const opponent = await guest(base);
    const payload = {
      baseTime: 5,
      increment: 3,
      variant: "jumpstart",
      isCreatorsHandicap: true,
      lower_eval_limit: 0,
      upper_eval_limit: 1,
      lower_move_limit: 10,
      upper_move_limit: 12,
    };
    // A custom range's position is searched for when the offer is made (8 s); on a loaded machine it can
    // miss and say so ("no_position", try again), as a player would.
    let offer = await creator.emit<{ offerId: string; lower_move_limit: number }>("createGameOffer", payload, 30_000);
    for (let retry = 0; retry < 3 && !offer.ok && offer.code === "no_position"; retry++) {
      offer = await creator.emit("createGameOffer", payload, 30_000);
    }
    expect(offer.ok).toBe(true);
    expect(offer.data?.lower_move_limit).toBe(10);
    expect(offer.data).not.toHaveProperty("initialFen");
    const started = [creator.next("gameStarted", 30_000), opponent.next("gameStarted", 30_000)];
    // Found already: accepting starts the game without a search.
    const acceptedAt = Date.now();
    const accepted = await opponent.emit("acceptGameOffer", { offerId: offer.data?.offerId }, 30_000);
    expect(accepted.ok).toBe(true);
    expect(Date.now() - acceptedAt).toBeLessThan(5_000);
    const [mine, theirs] = await Promise.all(started);
    expect(mine?.initialFen).toBe(theirs?.initialFen);
    expect(mine?.initialFen).not.toBe(new Chess().fen());
    expect(mine?.variant).toBe("jumpstart");
    expect(mine?.isWhite).toBe(false);
    await expectWithin(String(mine?.fen), 0, 1, 10, 12);
    // The evaluation the position was dealt with is shown to both players, and kept with the game.
    expect(mine?.startEval).toBe(theirs?.startEval);
    expect(mine?.startEval).toBeGreaterThanOrEqual(0);
    expect(mine?.startEval).toBeLessThanOrEqual(1);
    const resync = await creator.emit<{ startEval?: number }>("resync", { gameId: mine?.gameId });
    expect(resync.data?.startEval).toBe(mine?.startEval);
    creator.socket.close();
    opponent.socket.close();
  });

  it("refuses, when it is made, a custom range no position is found for, and posts nothing", {
    timeout: 60_000,
  }, async () => {
    // A search with no time finds nothing, whatever the range: any real range is met now and then.
    const ownDb = await createTestDatabase();
    const impatient = await startTestServer({ ...ownDb.env, JUMPSTART_POOL_SIZE: "0", JUMPSTART_SEARCH_MS: "1" });
    const creator = await guest(impatient.url);
    const watcher = await guest(impatient.url);
    await watcher.emit("refreshLobby");
    const answer = await creator.emit(
      "createGameOffer",
      {
        baseTime: 5,
        increment: 0,
        variant: "jumpstart",
        isCreatorsHandicap: false,
        lower_eval_limit: 5,
        upper_eval_limit: 5,
        lower_move_limit: 64,
        upper_move_limit: 100,
      },
      30_000,
    );
    expect(answer).toMatchObject({ ok: false, code: "no_position" });
    expect(answer.message).toBe("No position in that range could be found - try a wider range");
    const lobby = await watcher.emit<{ offers: unknown[] }>("refreshLobby");
    expect(lobby.data?.offers).toEqual([]);
    creator.socket.close();
    watcher.socket.close();
    await impatient.close();
    await ownDb.drop();
  });

  it("refuses a jumpstart offer without its limits", async () => {
    const g = await guest(base);
    const answer = await g.emit("createGameOffer", { baseTime: 5, increment: 0, variant: "jumpstart" });
    expect(answer.ok).toBe(false);
    expect(answer.message).toContain("needs lower_eval_limit");
    g.socket.close();
  });
});
