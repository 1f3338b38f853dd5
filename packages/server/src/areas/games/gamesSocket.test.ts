import type { GameStarted } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import type { AppSocket } from "../../realtime/sockets.ts";
import { gameRoom } from "./gamesNotifier.ts";
import type { GamesService } from "./gamesService.ts";
import { followActiveGame } from "./gamesSocket.ts";

describe("followActiveGame", () => {
  it("joins the game's room before its snapshot is read, and tells the socket once it is", async () => {
    const log: string[] = [];
    let answer: (s: GameStarted | undefined) => void = () => {};
    const games = {
      activeGameOf: async () => "g1",
      snapshot: () => {
        log.push("snapshot asked");
        return new Promise<GameStarted | undefined>((r) => {
          answer = r;
        });
      },
    } as unknown as GamesService;
    const socket = {
      data: { owner: { sessionId: "s", userId: null, username: "Guest-1", isGuest: true, address: "" } },
      join: async (room: string) => {
        log.push(`joined ${room}`);
      },
      emit: (event: string, payload: unknown) => log.push(`${event} ${JSON.stringify(payload)}`),
    } as unknown as AppSocket;

    followActiveGame({ games, logger: {} as FastifyBaseLogger })(socket);
    await new Promise((r) => setTimeout(r, 10));
    // The snapshot has not come (its node just died, say): the socket already hears the game's events.
    expect(log).toEqual([`joined ${gameRoom("g1")}`, "snapshot asked"]);
    answer(undefined);
    await new Promise((r) => setTimeout(r, 10));
    expect(log.at(-1)).toBe('liveGames {"games":[]}');
  });
});
