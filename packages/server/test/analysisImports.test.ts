import type { AnalysisEntry, ImportedGame } from "@chess/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { http, signupAndLogin, useTestServer } from "./harness.ts";
import { guest } from "./players.ts";

const app = useTestServer({ ANALYSIS_NODES: "30000", ENGINE_WORKERS: "1" });
let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signupAndLogin(app.url, "Importer"));
});

const SCHOLARS = `[Event "Casual game"]
[White "alice"]
[Black "bob"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0
`;
const post = (body: unknown, headers: Record<string, string> = { cookie }) =>
  http(app.url, "POST", "/analysis/import", { headers, body });

describe("importing a game from PGN", () => {
  it("stores a guest's game, open to anyone by its id, and analyses it as a played game", {
    timeout: 120_000,
  }, async () => {
    const visitor = await guest(app.url);
    const res = await post({ pgn: SCHOLARS }, { "session-id": visitor.sessionId });
    visitor.socket.close();
    expect(res.status).toBe(200);
    const game = res.json as unknown as ImportedGame;
    expect(game).toMatchObject({
      moves: "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#",
      white: "alice",
      black: "bob",
      result: "1-0",
      variant: "standard",
      tags: { Event: "Casual game" },
    });
    expect(game.importId).toMatch(/^import-[\w-]{11}$/);
    expect((await http(app.url, "GET", `/analysis/import/${game.importId}`)).json).toEqual(game);

    const analysis = await http(app.url, "GET", `/game/analysis/${game.importId}`, { headers: { cookie } });
    expect(analysis.status).toBe(200);
    const entries = analysis.json as unknown as AnalysisEntry[];
    expect(entries).toHaveLength(8);
    expect(entries[6]?.judgement).toBe("blunder");
    // Stored: the next read is the same, and says so.
    expect(
      (await http(app.url, "GET", `/game/analysis/${game.importId}/progress`, { headers: { cookie } })).json,
    ).toEqual({
      status: "done",
      done: 8,
      total: 8,
    });
    // Variations are kept for an imported game as for a played one.
    const tree = [{ s: "e4", c: [{ s: "c5" }] }];
    const put = await http(app.url, "PUT", `/game/analysis/${game.importId}/tree`, {
      headers: { cookie },
      body: { tree },
    });
    expect(put.status).toBe(200);
  });

  it("keeps the PGN's variations as the game's tree, and names the line of an illegal move in one", async () => {
    const pgn = `[White "alice"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *\n`;
    const res = await post({ pgn });
    expect(res.status).toBe(200);
    const game = res.json as unknown as ImportedGame;
    expect(game.moves).toBe("e4 e5 Nf3");
    const tree = [
      {
        s: "e4",
        c: [
          { s: "e5", c: [{ s: "Nf3" }] },
          { s: "c5", c: [{ s: "Nf3", c: [{ s: "d6" }] }, { s: "c3" }] },
        ],
      },
    ];
    expect(game.tree).toEqual(tree);
    expect((await http(app.url, "GET", `/analysis/import/${game.importId}`)).json).toMatchObject({ tree });
    // A game without variations has an empty tree.
    expect(((await post({ pgn: SCHOLARS })).json as unknown as ImportedGame).tree).toEqual([]);

    const bad = await post({ pgn: "1. e4 e5\n(1... Ke6 2. d4) 2. Nf3 *" });
    expect([bad.status, bad.json.message]).toEqual([400, "Invalid move in a variation: 1... Ke6 (line 2)"]);
  });

  it("keeps the PGN's comment before the first move as the game's opening comment", async () => {
    const res = await post({ pgn: `[White "alice"]\n\n{The King's Gambit} 1. e4 e5 2. f4 *\n` });
    expect(res.status).toBe(200);
    const game = res.json as unknown as ImportedGame;
    expect([game.moves, game.comment]).toEqual(["e4 e5 f4", "The King's Gambit"]);
    const again = await http(app.url, "GET", `/analysis/import/${game.importId}`);
    expect(again.json).toMatchObject({ comment: "The King's Gambit" });
    // A game without one has none.
    expect((await post({ pgn: SCHOLARS })).json).not.toHaveProperty("comment");
  });

  it("takes the chosen game of a file of many", async () => {
    const res = await post({ pgn: `${SCHOLARS}\n[White "carol"]\n\n1. d4 d5 *\n`, index: 1 });
    expect(res.json).toMatchObject({ white: "carol", moves: "d4 d5", result: "*" });
    const none = await post({ pgn: SCHOLARS, index: 3 });
    expect([none.status, none.json.message]).toEqual([400, "The PGN holds 1 game: there is no game 4"]);
  });

  it.each<[string, unknown, string | RegExp]>([
    [
      "an illegal move, naming its line",
      { pgn: '[White "a"]\n\n1. e4 e5\n2. Ke3 *' },
      "Invalid move in PGN: 2. Ke3 (line 4)",
    ],
    ["a broken tag", { pgn: '[White "a]\n1. e4' }, 'Invalid PGN tag on line 1: [White "a]'],
    ["nothing", { pgn: "   " }, "Paste a PGN or choose a file"],
    ["no text", {}, "Paste a PGN or choose a file"],
    ["over 1 MB", { pgn: "e4 ".repeat(340_000) }, "A PGN file may be at most 1 MB"],
    ["over 100 games", { pgn: "1. e4 * ".repeat(101) }, /at most 100 games/],
    ["a bad index", { pgn: SCHOLARS, index: -1 }, /./],
    ["a side that is not one", { pgn: SCHOLARS, side: "both" }, "side must be white or black"],
  ])("refuses %s, storing nothing", async (_what, body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(String(res.json.message)).toMatch(message);
  });

  it("answers 404 for an unknown import and 400 for an id that cannot be one", async () => {
    expect((await http(app.url, "GET", "/analysis/import/import-nope")).status).toBe(404);
    expect((await http(app.url, "GET", "/analysis/import/abc")).status).toBe(400);
    expect((await http(app.url, "GET", "/game/analysis/import-nope", { headers: { cookie } })).status).toBe(404);
  });
});
