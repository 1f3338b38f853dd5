import { NO_ELO_CHANGE, newClock, START_FEN } from "@chess/shared";
import type { NewGameRow } from "../src/areas/games/gamesRepo.ts";

/** A live casual blitz game between two guests, as the repository stores it at the start (epoch 1). */
export function liveGameRow(id: string, incrementMs = 0): NewGameRow {
  return {
    id,
    variant: "standard",
    timeClass: "blitz",
    baseMs: 180_000,
    incrementMs,
    initialFen: START_FEN,
    whiteUserId: null,
    blackUserId: null,
    whiteSessionId: "sw",
    blackSessionId: "sb",
    whiteName: "W",
    blackName: "B",
    rated: false,
    clubId: null,
    whiteElo: null,
    blackElo: null,
    whiteDeltas: NO_ELO_CHANGE,
    blackDeltas: NO_ELO_CHANGE,
    status: "active",
    fen: START_FEN,
    clock: newClock(180_000, incrementMs),
    ownerEpoch: 1,
  };
}
