import { beforeAll, describe, expect, it } from "vitest";
import { http, signupAndLogin, useTestServer } from "./harness.ts";
import { guest, play, registered, startGame } from "./players.ts";

const app = useTestServer({ ENGINE_WORKERS: "1" });
let cookie: string;
let other: string;
let gameId: string;

beforeAll(async () => {
  ({ cookie } = await signupAndLogin(app.url, "Brancher"));
  ({ cookie: other } = await signupAndLogin(app.url, "Other"));
  const { white, black, game } = await startGame(await registered(app.url, "trW"), await registered(app.url, "trB"));
  const over = white.next("gameOver");
  await play(white, black, game.gameId, ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]);
  await over;
  gameId = game.gameId;
}, 60_000);

const path = (id = gameId) => `/game/analysis/${id}/tree`;
const put = (tree: unknown, c = cookie, id = gameId) =>
  http(app.url, "PUT", path(id), { headers: { cookie: c }, body: { tree } });
const get = (c = cookie, id = gameId) => http(app.url, "GET", path(id), { headers: { cookie: c } });

// 1. e4 e5 (1... c5 2. Nf3) 2. Qh5
const TREE = [
  {
    s: "e4",
    c: [
      { s: "e5", c: [{ s: "Qh5" }] },
      { s: "c5", c: [{ s: "Nf3", e: 1 }] },
    ],
  },
];

describe("a player's variations of a game", () => {
  it("are kept for that player alone, replaced by the next save, and gone when saved empty", async () => {
    expect((await get()).json).toEqual({ tree: [] });
    const saved = await put(TREE);
    expect(saved.status).toBe(200);
    expect((await get()).json).toEqual({ tree: TREE });
    expect((await get(other)).json).toEqual({ tree: [] });
    const next = [{ s: "d4" }];
    await put(next);
    expect((await get()).json).toEqual({ tree: next });
    await put([]);
    expect((await get()).json).toEqual({ tree: [] });
  });

  it.each<[string, unknown, number, RegExp]>([
    [
      "an illegal move, named with where it stands",
      [{ s: "e4", c: [{ s: "Ke3" }] }],
      400,
      /^Invalid move in tree: Ke3 after e4$/,
    ],
    ["a move that is not a string", [{ s: 4 }], 400, /./],
    ["too long a move", [{ s: "e4".repeat(10) }], 400, /./],
    ["not a list", { s: "e4" }, 400, /./],
  ])("refuse %s, and keep what was there", async (_what, tree, status, message) => {
    await put(TREE);
    const res = await put(tree);
    expect(res.status).toBe(status);
    expect(String(res.json.message)).toMatch(message);
    expect((await get()).json).toEqual({ tree: TREE });
  });

  it("refuse more moves than the limit, a body over 128 KB, an unknown game and a guest", async () => {
    const wide = Array.from({ length: 60 }, () => ({ s: "e4", c: Array.from({ length: 40 }, () => ({ s: "e5" })) }));
    expect((await put(wide)).json.message).toMatch(/At most 2000 moves/);
    const huge = await http(app.url, "PUT", path(), {
      headers: { cookie, "content-type": "application/json" },
      rawBody: JSON.stringify({ tree: [{ s: "e4" }], pad: "x".repeat(140_000) }),
    });
    expect(huge.status).toBe(413);
    expect((await put([{ s: "e4" }], cookie, "nope")).status).toBe(404);
    const visitor = await guest(app.url);
    const asGuest = await http(app.url, "PUT", path(), {
      headers: { "session-id": visitor.sessionId },
      body: { tree: TREE },
    });
    expect(asGuest.status).toBe(401);
    visitor.socket.close();
  });
});
