import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { Bus } from "../../bus.ts";
import type { GameNotifier } from "./gamesNotifier.ts";
import type { GamesRepo } from "./gamesRepo.ts";
import { LiveRounds } from "./liveRounds.ts";
import type { MoveWriter } from "./moveWriter.ts";
import { decide, type RoundCommand } from "./roundCommands.ts";
import { createRoundPublisher } from "./roundPublisher.ts";
import { testRound } from "./testRound.ts";

const quiet = { warn() {}, error() {}, info() {} } as unknown as FastifyBaseLogger;

/** Connection lost: the statement may or may not have run. */
const lostReply = () => Object.assign(new Error("Connection terminated unexpectedly"), { code: undefined });

/**
 * A publisher whose round-state writes succeed, are refused by the database, or lose their answer (the state
 * read back then says `stored`, or nothing before the deadline), with what it told whom.
 */
function setup(saves: boolean | "lost, stored" | "lost, unknown") {
  const told: Array<[string, string, unknown]> = [];
  const notifier: GameNotifier = {
    toPlayer: (player, event, payload) => void told.push([player.name, event, payload]),
    toGame: (gameId, event, payload) => void told.push([gameId, event, payload]),
    joinGame() {},
    reconnect() {},
  };
  let written: unknown;
  const repo = {
    saveRoundState: async (_id: string, _epoch: number, state: unknown) => {
      if (saves === false) throw Object.assign(new Error("no space left on device"), { code: "53100" });
      if (saves !== true) {
        if (saves === "lost, stored") written = state;
        throw lostReply();
      }
    },
    game: async () => {
      if (saves === "lost, unknown") throw lostReply();
      return { status: "active", roundState: written };
    },
  } as unknown as GamesRepo;
  const rounds = new LiveRounds(
    () => {},
    () => Date.now(),
  );
  const publisher = createRoundPublisher({
    repo,
    writer: {} as MoveWriter,
    notifier,
    bus: new Bus(),
    rounds,
    logger: quiet,
    now: () => Date.now(),
    letGo() {},
    writeFailed() {},
  });
  // After 1. e4 e5: White to move, a move of each side on the board.
  const round = testRound({ ply: 2, eventNo: 2, fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" });
  return { publisher, round, told, rounds };
}

describe("roundPublisher: offers and their answers", () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it.each<[string, RoundCommand, "w" | "b", string, unknown]>([
    ["a draw offer", { type: "offerDraw" }, "w", "offerDraw", { gameId: "g1", by: "W" }],
    ["a takeback proposal", { type: "proposeTakeback" }, "w", "takebackProposed", { gameId: "g1", by: "W" }],
  ])("%s is stored, numbered, then told to the other side only", async (_name, command, color, event, payload) => {
    const { publisher, round, told, rounds } = setup(true);
    stop = () => rounds.stopTimers();
    rounds.register(round);
    const answer = await publisher.publish(round, decide(round, color, command, Date.now()), Date.now() + 500);
    expect(answer).toEqual({ ok: true, data: undefined });
    // The game holds the next round now, numbered; the one it was decided on is as it was.
    expect(rounds.get("g1")?.eventNo).toBe(3);
    expect(round.eventNo).toBe(2);
    expect(told).toEqual([["B", event, payload]]);
  });

  it.each<[string, RoundCommand, string]>([
    ["a draw offer", { type: "offerDraw" }, "The draw offer could not be saved - please try again"],
    ["a takeback proposal", { type: "proposeTakeback" }, "The proposal could not be saved - please try again"],
  ])("%s that cannot be stored is refused, never shown and told to nobody", async (_name, command, message) => {
    const { publisher, round, told, rounds } = setup(false);
    stop = () => rounds.stopTimers();
    rounds.register(round);
    const answer = await publisher.publish(round, decide(round, "w", command, Date.now()), Date.now() + 500);
    expect(answer).toEqual({ ok: false, code: "unavailable", message });
    const live = rounds.get("g1");
    expect(live).toBe(round);
    expect({ eventNo: round.eventNo, draw: round.drawOfferBy, takeback: round.takebackProposedBy }).toEqual({
      eventNo: 2,
      draw: null,
      takeback: null,
    });
    expect(told).toEqual([]);
  });

  it("a draw offer whose answer was lost but that was stored stands: it is read back before the answer", async () => {
    const { publisher, round, told, rounds } = setup("lost, stored");
    stop = () => rounds.stopTimers();
    rounds.register(round);
    const answer = await publisher.publish(
      round,
      decide(round, "w", { type: "offerDraw" }, Date.now()),
      Date.now() + 500,
    );
    expect(answer).toEqual({ ok: true, data: undefined });
    expect(rounds.get("g1")?.drawOfferBy).toBe("w");
    expect(told).toEqual([["B", "offerDraw", { gameId: "g1", by: "W" }]]);
    expect(publisher.isUncertain("g1")).toBe(false);
  });

  it("a draw offer whose outcome the database does not tell by the deadline is unsettled, shown to nobody yet", async () => {
    const { publisher, round, told, rounds } = setup("lost, unknown");
    stop = () => rounds.stopTimers();
    rounds.register(round);
    const started = Date.now();
    const answer = await publisher.publish(round, decide(round, "w", { type: "offerDraw" }, started), started + 500);
    expect(Date.now() - started).toBeLessThan(800);
    expect(answer).toMatchObject({ ok: false, code: "unsettled", message: expect.stringMatching(/if it was saved/) });
    expect(rounds.get("g1")).toBe(round);
    expect(told).toEqual([]);
    expect(publisher.isUncertain("g1")).toBe(true);
  });
});

describe("roundPublisher: a move write that fails or does not answer is settled before the mover hears", () => {
  const lost = () => Object.assign(new Error("Connection terminated unexpectedly"), { code: undefined });
  const refusedByDatabase = () => Object.assign(new Error("new row violates check constraint"), { code: "23514" });

  it.each<[string, () => Promise<void>, Array<{ uci: string } | null | Error>, unknown, boolean]>([
    ["its answer lost, the move found stored: it stands", () => Promise.reject(lost()), [{ uci: "e2e4" }], true, true],
    [
      "its answer lost, the database away a moment, then the move found: it stands",
      () => Promise.reject(lost()),
      [lost(), { uci: "e2e4" }],
      true,
      true,
    ],
    [
      "its answer lost, the move not there: not saved",
      () => Promise.reject(lost()),
      [null],
      { ok: false, code: "unavailable", message: "The move could not be saved - please try again" },
      false,
    ],
    [
      "refused by the database: not saved, nothing read",
      () => Promise.reject(refusedByDatabase()),
      [],
      { ok: false, code: "unavailable", message: "The move could not be saved - please try again" },
      false,
    ],
    [
      "its answer lost, the database away past the deadline: unsettled",
      () => Promise.reject(lost()),
      [lost(), lost(), lost(), lost()],
      { ok: false, code: "unsettled" },
      false,
    ],
    [
      "no answer by the deadline: unsettled",
      () => new Promise<void>(() => {}),
      [],
      { ok: false, code: "unsettled" },
      false,
    ],
  ])("%s", async (_name, write, reads, expected, stands) => {
    const told: string[] = [];
    const notifier: GameNotifier = {
      toPlayer() {},
      toGame: (_gameId, event) => void told.push(event),
      joinGame() {},
      reconnect() {},
    };
    const answers = [...reads];
    let read = 0;
    const repo = {
      moveAt: async () => {
        read += 1;
        const next = answers.shift();
        if (next === undefined || next instanceof Error) throw next ?? lost();
        return next;
      },
    } as unknown as GamesRepo;
    const rounds = new LiveRounds(
      () => {},
      () => Date.now(),
    );
    const publisher = createRoundPublisher({
      repo,
      writer: { write } as unknown as MoveWriter,
      notifier,
      bus: new Bus(),
      rounds,
      logger: quiet,
      now: () => Date.now(),
      letGo() {},
      writeFailed() {},
    });
    const round = testRound();
    rounds.register(round);
    try {
      const started = Date.now();
      const decision = decide(round, "w", { type: "move", move: { from: "e2", to: "e4" } }, started);
      const answer = await publisher.publish(round, decision, started + 600);
      expect(Date.now() - started).toBeLessThan(900);
      expect(answer).toMatchObject(expected === true ? { ok: true, data: { ply: 1 } } : (expected as object));
      expect(rounds.get("g1")?.ply).toBe(stands ? 1 : 0);
      expect(told).toEqual(stands ? ["update"] : []);
      expect(publisher.isUncertain("g1")).toBe((expected as { code?: string }).code === "unsettled");
      if (reads.length === 0) expect(read).toBe(0);
    } finally {
      rounds.stopTimers();
    }
  });
});
