import { describe, expect, it } from "vitest";
import { seatedAtConnect } from "./boards.ts";

describe("seatedAtConnect", () => {
  // Only a client that says it shows no board is away from it; whatever else a handshake carries, the
  // player is taken to be at the board, as before clients could say.
  const rows: Array<[string, unknown, boolean]> = [
    ["the web on another page", { sessionId: "s", board: null }, false],
    ["the web on its game's page", { sessionId: "s", board: "g1" }, true],
    ["a client from the spec alone", { sessionId: "s" }, true],
    ["no auth at all", undefined, true],
    ["auth that is not an object", "board", true],
    ["a board of the wrong type", { board: 5 }, true],
  ];
  it.each(rows)("%s", (_name, auth, seated) => {
    expect(seatedAtConnect(auth)).toBe(seated);
  });
});
