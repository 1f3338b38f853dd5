import { describe, expect, it } from "vitest";
import { useTestServer } from "./harness.ts";
import { guest, startGame } from "./players.ts";

const app = useTestServer();

describe("global chat", () => {
  it("delivers trimmed lines to everyone in the lobby and keeps a history", async () => {
    const [a, b] = [await guest(app.url), await guest(app.url)];
    await a.emit("getChatHistory", { chatId: "global" });
    await b.emit("getChatHistory", { chatId: "global" });
    const heard = b.next("chatMessage");
    expect(
      (await a.emit("chatMessage", { text: "  hello <b>all</b>  ", chatType: "global", chatId: "global" })).ok,
    ).toBe(true);
    expect(await heard).toMatchObject({
      username: a.name,
      text: "hello <b>all</b>",
      chatType: "global",
      chatId: "global",
    });

    const late = await guest(app.url);
    const history = late.next("chatHistory");
    await late.emit("getChatHistory", { chatId: "global" });
    expect((await history).messages.at(-1)?.text).toBe("hello <b>all</b>");
    for (const p of [a, b, late]) p.socket.close();
  });

  it.each([
    [{ text: "   ", chatType: "global", chatId: "global" }, "Message is empty"],
    [{ text: "x".repeat(141), chatType: "global", chatId: "global" }, "Messages are at most 140 characters"],
    [{ text: 5, chatType: "global", chatId: "global" }, "text must be a string"],
    [{ text: "hi", chatType: "team", chatId: "global" }, "chatType"],
  ])("refuses %j", async (payload, message) => {
    const g = await guest(app.url);
    const answer = await g.emit("chatMessage", payload);
    expect(answer).toMatchObject({ ok: false, code: "validation" });
    expect(answer.message).toContain(message);
    g.socket.close();
  });

  it("drops repeats and floods without silencing anyone else", async () => {
    const [spammer, other] = [await guest(app.url), await guest(app.url)];
    const say = (p: typeof spammer, text: string) =>
      p.emit("chatMessage", { text, chatType: "global", chatId: "global" });
    expect((await say(spammer, "one")).ok).toBe(true);
    expect((await say(spammer, "one")).code).toBe("duplicate");
    const results = [];
    for (let i = 0; i < 8; i++) results.push((await say(spammer, `line ${i}`)).code ?? "ok");
    expect(results.filter((r) => r === "rate_limited").length).toBeGreaterThan(0);
    expect((await say(other, "I can still talk")).ok).toBe(true);
    spammer.socket.close();
    other.socket.close();
  });
});

describe("game chat", () => {
  it("takes a line its player just said in another chat (gg after every game)", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    expect((await white.emit("chatMessage", { text: "gg", chatType: "global", chatId: "global" })).ok).toBe(true);
    expect((await white.emit("chatMessage", { text: "gg", chatType: "game", chatId: game.gameId })).ok).toBe(true);
    expect((await white.emit("chatMessage", { text: "gg", chatType: "game", chatId: game.gameId })).code).toBe(
      "duplicate",
    );
    white.socket.close();
    black.socket.close();
  });

  it("is written by the two players only, and read by the spectators who open it", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    const heard = black.next("chatMessage");
    expect((await white.emit("chatMessage", { text: "good luck", chatType: "game", chatId: game.gameId })).ok).toBe(
      true,
    );
    expect(await heard).toMatchObject({ text: "good luck", chatType: "game", username: white.name });
    const history = await black.emit<{ messages: Array<{ text: string }> }>("getChatHistory", { chatId: game.gameId });
    expect(history.data?.messages.map((m) => m.text)).toEqual(["good luck"]);

    const stranger = await guest(app.url);
    await stranger.emit("watch", { gameId: game.gameId });
    expect((await stranger.emit("chatMessage", { text: "hi", chatType: "game", chatId: game.gameId })).code).toBe(
      "forbidden",
    );
    // Watching the board is not reading the chat: its lines go to those who opened it.
    const line = black.next("chatMessage");
    await white.emit("chatMessage", { text: "well played", chatType: "game", chatId: game.gameId });
    await line;
    await new Promise((r) => setTimeout(r, 100));
    expect(stranger.seen.get("chatMessage") ?? []).toEqual([]);
    expect((await white.emit<{ gameId: string | null }>("currentGame")).data?.gameId).toBe(game.gameId);
    expect((await stranger.emit<{ gameId: string | null }>("currentGame")).data?.gameId).toBeNull();
    const read = await stranger.emit<{ spectator: boolean; messages: Array<{ text: string }> }>("getChatHistory", {
      chatId: game.gameId,
    });
    expect([read.data?.spectator, read.data?.messages.map((m) => m.text)]).toEqual([
      true,
      ["good luck", "well played"],
    ]);
    await white.emit("abort");
    for (const p of [white, black, stranger]) p.socket.close();
  });
});
