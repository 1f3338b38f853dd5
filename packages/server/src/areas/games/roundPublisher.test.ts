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

/** A publisher whose round-state writes succeed or fail as `saves` says, with what it told whom. */
function setup(saves: boolean) {
  const told: Array<[string, string, unknown]> = [];
  const notifier: GameNotifier = {
    toPlayer: (player, event, payload) => void told.push([player.name, event, payload]),
    toGame: (gameId, event, payload) => void told.push([gameId, event, payload]),
    joinGame() {},
    reconnect() {},
  };
  const repo = {
    saveRoundState: async () => {
      if (!saves) throw new Error("connection lost");
    },
  } as unknown as GamesRepo;
  const rounds = new LiveRounds(
    () => {},
    () => 0,
  );
  const publisher = createRoundPublisher({
    repo,
    writer: {} as MoveWriter,
    notifier,
    bus: new Bus(),
    rounds,
    logger: quiet,
    now: () => 3_000,
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
    const answer = await publisher.publish(round, decide(round, color, command, 3_000));
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
    const answer = await publisher.publish(round, decide(round, "w", command, 3_000));
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
});
