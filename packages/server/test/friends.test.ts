import { FRIEND_MESSAGES } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { NEW_CONVERSATIONS_PER_DAY } from "../src/areas/friends/friendsService.ts";
import { connect, http, useTestServer } from "./harness.ts";
import { type Player, registered } from "./players.ts";

const app = useTestServer({ SIGNUP_LIMIT_PER_IP: "100" });

const call = (p: Player, method: string, path: string, body?: unknown) =>
  http(app.url, method, path, { headers: { cookie: p.cookie ?? "" }, body });

async function befriend(a: Player, b: Player) {
  expect((await call(a, "POST", "/friend/send-request", { friendName: b.name })).json.successMsg).toBe(
    FRIEND_MESSAGES.requestSent,
  );
  const invites = (await call(b, "GET", "/friend/list-invites")).json as unknown as Array<{
    inviterId: number;
    inviterName: string;
  }>;
  const from = invites.find((i) => i.inviterName === a.name);
  expect(
    (await call(b, "POST", "/friend/handle-request", { inviterId: from?.inviterId, accepted: true })).json.successMsg,
  ).toBe(FRIEND_MESSAGES.nowFriends);
}

describe("friend requests", () => {
  it("sends, lists and accepts a request with the spec's texts; friends see each other online", async () => {
    const [a, b] = [await registered(app.url, "fA"), await registered(app.url, "fB")];
    const toast = b.next("friendRequestReceived");
    const [addedToA, addedToB] = [a.next("friendAdded"), b.next("friendAdded")];
    await befriend(a, b);
    expect((await toast).inviterName).toBe(a.name);
    // Both learn of the friendship at once, the one who asked without reloading anything.
    expect(await addedToA).toEqual({ friendName: b.name, acceptedBy: b.name });
    expect(await addedToB).toEqual({ friendName: a.name, acceptedBy: b.name });
    const list = (await call(a, "GET", "/friend/list")).json as unknown as Array<{
      friendName: string;
      isActive: boolean;
    }>;
    expect(list).toEqual([{ friendName: b.name, friendSince: expect.any(Number), isActive: true }]);
    b.socket.close();
    await new Promise((r) => setTimeout(r, 200));
    const later = (await call(a, "GET", "/friend/list")).json as unknown as Array<{ isActive: boolean }>;
    expect(later[0]?.isActive).toBe(false);
    expect((await call(a, "GET", "/friend/list-invites")).json).toEqual([]);
    a.socket.close();
  });

  it("makes friends of two players whose requests meet, and tells both; a denial only clears both lists", async () => {
    const [a, b, c] = [
      await registered(app.url, "mA"),
      await registered(app.url, "mB"),
      await registered(app.url, "mC"),
    ];
    await call(a, "POST", "/friend/send-request", { friendName: b.name });
    const [addedToA, addedToB] = [a.next("friendAdded"), b.next("friendAdded")];
    const meet = await call(b, "POST", "/friend/send-request", { friendName: a.name });
    expect(meet.json.successMsg).toBe(FRIEND_MESSAGES.nowFriends);
    expect(await addedToA).toEqual({ friendName: b.name, acceptedBy: b.name });
    expect(await addedToB).toEqual({ friendName: a.name, acceptedBy: b.name });

    await call(c, "POST", "/friend/send-request", { friendName: a.name });
    const invites = (await call(a, "GET", "/friend/list-invites")).json as unknown as Array<{ inviterId: number }>;
    const [deniedToA, deniedToC] = [a.next("friendRequestDenied"), c.next("friendRequestDenied")];
    await call(a, "POST", "/friend/handle-request", { inviterId: invites[0]?.inviterId, accepted: false });
    expect(await deniedToC).toEqual({ friendName: a.name });
    expect(await deniedToA).toEqual({ friendName: c.name });
    await new Promise((r) => setTimeout(r, 300));
    expect(c.seen.get("friendAdded")).toBeUndefined();
    expect(b.seen.get("friendRequestDenied")).toBeUndefined();
    expect(a.seen.get("friendAdded")).toHaveLength(1);
    for (const p of [a, b, c]) p.socket.close();
  });

  it("lists my requests still waiting and withdraws one; the invitee is told, and an answered one leaves", async () => {
    const [a, b, c] = [
      await registered(app.url, "wA"),
      await registered(app.url, "wB"),
      await registered(app.url, "wC"),
    ];
    await call(a, "POST", "/friend/send-request", { friendName: b.name });
    await call(a, "POST", "/friend/send-request", { friendName: c.name });
    const sent = (await call(a, "GET", "/friend/list-sent")).json as unknown as Array<{ friendName: string }>;
    expect(sent.map((r) => r.friendName)).toEqual([c.name, b.name]);
    expect(sent[0]).toEqual({ friendName: c.name, sentAt: expect.any(Number) });

    const told = c.next("friendRequestWithdrawn");
    const withdrawn = await call(a, "POST", "/friend/withdraw-request", { friendName: c.name });
    expect(withdrawn.json.successMsg).toBe(FRIEND_MESSAGES.requestWithdrawn);
    expect((await told).inviterId).toEqual(expect.any(Number));
    expect((await call(c, "GET", "/friend/list-invites")).json).toEqual([]);
    const again = await call(a, "POST", "/friend/withdraw-request", { friendName: c.name });
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(FRIEND_MESSAGES.noSentRequest);
    // Only the one who asked withdraws: A's request to B is not B's to withdraw.
    expect((await call(b, "POST", "/friend/withdraw-request", { friendName: a.name })).status).toBe(404);
    // An answered request is no longer waiting.
    const invites = (await call(b, "GET", "/friend/list-invites")).json as unknown as Array<{ inviterId: number }>;
    await call(b, "POST", "/friend/handle-request", { inviterId: invites[0]?.inviterId, accepted: false });
    expect((await call(a, "GET", "/friend/list-sent")).json).toEqual([]);
    expect((await call(a, "POST", "/friend/withdraw-request", { friendName: "nobody-at-all" })).status).toBe(404);
    for (const p of [a, b, c]) p.socket.close();
  });

  it("denies with the spec's text and refuses self, unknown, duplicate and existing-friend requests", async () => {
    const [a, b, c] = [
      await registered(app.url, "dA"),
      await registered(app.url, "dB"),
      await registered(app.url, "dC"),
    ];
    await call(a, "POST", "/friend/send-request", { friendName: c.name });
    const dup = await call(a, "POST", "/friend/send-request", { friendName: c.name });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe(FRIEND_MESSAGES.alreadyRequested);
    const invites = (await call(c, "GET", "/friend/list-invites")).json as unknown as Array<{ inviterId: number }>;
    expect(
      (await call(c, "POST", "/friend/handle-request", { inviterId: invites[0]?.inviterId, accepted: false })).json
        .successMsg,
    ).toBe(FRIEND_MESSAGES.denied);
    expect(
      (await call(c, "POST", "/friend/handle-request", { inviterId: invites[0]?.inviterId, accepted: true })).status,
    ).toBe(404);
    expect((await call(a, "POST", "/friend/send-request", { friendName: a.name })).json.message).toBe(
      FRIEND_MESSAGES.self,
    );
    expect((await call(a, "POST", "/friend/send-request", { friendName: "no-such-player" })).status).toBe(404);
    await befriend(a, b);
    expect((await call(b, "POST", "/friend/send-request", { friendName: a.name })).json.message).toBe(
      FRIEND_MESSAGES.alreadyFriends,
    );
    expect((await http(app.url, "GET", "/friend/list")).status).toBe(401);
    for (const p of [a, b, c]) p.socket.close();
  });
});

describe("messages", () => {
  it("delivers in real time, pages older ones, and keeps strangers out of others' conversations", async () => {
    const [a, b, stranger] = [
      await registered(app.url, "mA"),
      await registered(app.url, "mB"),
      await registered(app.url, "mS"),
    ];
    await befriend(a, b);
    const heard = b.next("friendMessage");
    const sent = await a.emit<{ message: string }>("friendMessage", {
      message: "  hi <script>x</script> ",
      friendName: b.name,
    });
    expect(sent.ok).toBe(true);
    expect(await heard).toMatchObject({ message: "hi <script>x</script>", senderName: a.name, friendName: b.name });
    for (let i = 0; i < 19; i++) {
      const ok = await a.emit("friendMessage", { message: `m${i}`, friendName: b.name });
      expect(ok.ok).toBe(true);
    }
    const page1 = (await call(b, "GET", `/friend/messages/${a.name}?pageNo=1`)).json as unknown as Array<{
      message: string;
    }>;
    const page2 = (await call(b, "GET", `/friend/messages/${a.name}?pageNo=2`)).json as unknown as Array<{
      message: string;
    }>;
    expect(page1).toHaveLength(20);
    expect(page1.at(-1)?.message).toBe("m18");
    expect(page2).toHaveLength(0);
    expect(page1[0]?.message).toBe("hi <script>x</script>");

    // A stranger reads only their own conversation with A (none), never A's with B.
    const peek = await call(stranger, "GET", `/friend/messages/${a.name}?pageNo=1`);
    expect(peek.status).toBe(200);
    expect(peek.json).toEqual([]);
    // Messages from everyone are the default; A may keep them to friends.
    expect((await stranger.emit("friendMessage", { message: "hello", friendName: a.name })).ok).toBe(true);
    expect((await call(a, "PUT", "/user/preferences", { messagesFrom: "friends" })).status).toBe(200);
    expect(await stranger.emit("friendMessage", { message: "hello?", friendName: a.name })).toMatchObject({
      code: "forbidden",
      message: FRIEND_MESSAGES.messagesFriendsOnly,
    });
    expect((await a.emit("friendMessage", { message: "   ", friendName: b.name })).code).toBe("validation");
    // Invisible characters are blank too: a zero-width space, a byte-order mark, the Hangul filler.
    for (const message of ["\u200B", "\uFEFF \u200B", "\u3164"]) {
      expect((await a.emit("friendMessage", { message, friendName: b.name })).code).toBe("validation");
    }
    for (const p of [a, b, stranger]) p.socket.close();
  });

  it("blocking ends the friendship and stops messages, requests and challenges", async () => {
    const [a, b] = [await registered(app.url, "bA"), await registered(app.url, "bB")];
    await befriend(a, b);
    // The blocker's tabs drop the friendship; the blocked player is not told.
    const toBlocker = b.next("friendBlocked");
    expect((await call(b, "POST", "/friend/block", { friendName: a.name })).status).toBe(200);
    expect(await toBlocker).toEqual({ friendName: a.name });
    expect(a.seen.get("friendBlocked")).toBeUndefined();
    expect((await a.emit("friendMessage", { message: "still there?", friendName: b.name })).code).toBe("forbidden");
    expect((await call(a, "POST", "/friend/send-request", { friendName: b.name })).status).toBe(403);
    expect((await call(a, "GET", "/friend/list")).json).toEqual([]);
    a.socket.close();
    b.socket.close();
  });
});

describe("unread messages", () => {
  it("counts per friend for the recipient only, clears when read, and tells the reader's other tabs", async () => {
    const [a, b, stranger] = [
      await registered(app.url, "uA"),
      await registered(app.url, "uB"),
      await registered(app.url, "uS"),
    ];
    await befriend(a, b);
    for (const text of ["one", "two", "three"]) {
      expect((await a.emit("friendMessage", { message: text, friendName: b.name })).ok).toBe(true);
    }
    expect((await b.emit("friendMessage", { message: "back", friendName: a.name })).ok).toBe(true);

    expect((await call(b, "GET", "/friend/unread")).json).toEqual({ total: 3, byFriend: { [a.name]: 3 } });
    expect((await call(a, "GET", "/friend/unread")).json).toEqual({ total: 1, byFriend: { [b.name]: 1 } });
    // Whose counts is never a parameter: a stranger asking about B gets their own (none).
    expect((await call(stranger, "GET", `/friend/unread?username=${b.name}`)).json).toEqual({ total: 0, byFriend: {} });
    expect((await http(app.url, "GET", "/friend/unread")).status).toBe(401);
    // Paging the history is not reading it.
    await call(b, "GET", `/friend/messages/${a.name}?pageNo=1`);
    expect((await call(b, "GET", "/friend/unread")).json).toMatchObject({ total: 3 });

    // A stranger sees only their own conversation; a name nobody has says there is no such player.
    expect((await call(stranger, "GET", `/friend/messages/${a.name}`)).json).toEqual([]);
    const nobody = await call(stranger, "GET", "/friend/messages/no-such-player-at-all");
    expect(nobody.status).toBe(404);
    expect(nobody.json.message).toBe(FRIEND_MESSAGES.unknownUser);

    // Nobody but the recipient marks B's messages from A read.
    const peek = await call(stranger, "POST", `/friend/messages/${a.name}/read`);
    expect(peek.json).toEqual({ friendName: a.name, read: 0 });
    expect((await http(app.url, "POST", `/friend/messages/${a.name}/read`)).status).toBe(401);
    expect((await call(b, "GET", "/friend/unread")).json).toMatchObject({ total: 3 });

    // A second tab of B: another socket of the same session.
    const { socket: otherTab } = await connect(app.url, { sessionId: b.sessionId, cookie: b.cookie ?? "" });
    const told = new Promise((resolve) => otherTab.once("friendMessagesRead", resolve));
    const read = await call(b, "POST", `/friend/messages/${a.name.toUpperCase()}/read`);
    expect(read.json).toEqual({ friendName: a.name, read: 3 });
    expect(await told).toEqual({ friendName: a.name });
    expect((await call(b, "GET", "/friend/unread")).json).toEqual({ total: 0, byFriend: {} });
    expect((await call(b, "POST", `/friend/messages/${a.name}/read`)).json).toEqual({ friendName: a.name, read: 0 });
    // A's unread from B are A's own business.
    expect((await call(a, "GET", "/friend/unread")).json).toMatchObject({ total: 1 });

    // A blocked player's messages stop counting for the blocker; the other side's conversation stays open.
    expect((await a.emit("friendMessage", { message: "four", friendName: b.name })).ok).toBe(true);
    await call(b, "POST", "/friend/block", { friendName: a.name });
    expect((await call(b, "GET", "/friend/unread")).json).toEqual({ total: 0, byFriend: {} });
    expect((await call(a, "GET", "/friend/unread")).json).toEqual({ total: 1, byFriend: { [b.name]: 1 } });
    otherTab.close();
    for (const p of [a, b, stranger]) p.socket.close();
  });
});

describe("messages and challenges from anyone", () => {
  it("lets a stranger message and challenge under the receiver's settings, blocks both ways, and says why", async () => {
    const [a, stranger] = [await registered(app.url, "sA"), await registered(app.url, "sS")];
    const contact = async () => (await call(stranger, "GET", `/friend/contact/${a.name}`)).json;
    expect(await contact()).toEqual({
      username: a.name,
      isFriend: false,
      online: true,
      canMessage: true,
      canChallenge: true,
    });
    const heard = a.next("friendMessage");
    expect((await stranger.emit("friendMessage", { message: "good game!", friendName: a.name })).ok).toBe(true);
    expect(await heard).toMatchObject({ message: "good game!", senderName: stranger.name });
    expect((await call(a, "GET", "/friend/unread")).json).toEqual({ total: 1, byFriend: { [stranger.name]: 1 } });
    expect((await call(a, "GET", `/friend/messages/${stranger.name}`)).json).toHaveLength(1);

    const challenged = a.next("friendChallengeReceived");
    const challenge = await stranger.emit<{ offerId: string }>("createFriendChallenge", {
      baseTime: 5,
      increment: 0,
      friendName: a.name,
    });
    expect(challenge.ok).toBe(true);
    const received = await challenged;
    expect(received).toMatchObject({ from: stranger.name });
    expect((await a.emit("denyFriendChallenge", { offerId: received.offer.offerId })).ok).toBe(true);

    // Nobody: refused, and said so before trying.
    expect(
      (await call(a, "PUT", "/user/preferences", { messagesFrom: "nobody", challengesFrom: "nobody" })).status,
    ).toBe(200);
    expect(await contact()).toMatchObject({
      canMessage: false,
      messageRefusal: FRIEND_MESSAGES.messagesNobody,
      canChallenge: false,
      challengeRefusal: FRIEND_MESSAGES.challengesNobody,
    });
    expect((await stranger.emit("friendMessage", { message: "hi?", friendName: a.name })).code).toBe("forbidden");
    // A bad setting is refused and changes nothing.
    expect((await call(a, "PUT", "/user/preferences", { messagesFrom: "strangers" })).status).toBe(400);
    expect(await contact()).toMatchObject({ messageRefusal: FRIEND_MESSAGES.messagesNobody });

    // Blocks both ways, whatever the settings.
    await call(a, "PUT", "/user/preferences", { messagesFrom: "everyone", challengesFrom: "everyone" });
    expect((await call(stranger, "POST", "/friend/block", { friendName: a.name })).status).toBe(200);
    expect(await contact()).toMatchObject({ canMessage: false, messageRefusal: FRIEND_MESSAGES.youBlocked });
    expect((await a.emit("friendMessage", { message: "why?", friendName: stranger.name })).code).toBe("forbidden");
    const fromA = (await call(a, "GET", `/friend/contact/${stranger.name}`)).json;
    expect(fromA).toMatchObject({ canMessage: false, canChallenge: false, messageRefusal: FRIEND_MESSAGES.blocked });
    expect((await call(stranger, "GET", "/friend/contact/no-such-player-at-all")).status).toBe(404);
    expect((await http(app.url, "GET", `/friend/contact/${a.name}`)).status).toBe(401);
    for (const p of [a, stranger]) p.socket.close();
  });

  it("limits the new conversations a player starts with strangers in a day", { timeout: 180_000 }, async () => {
    const sender = await registered(app.url, "nc");
    const others = await Promise.all(
      Array.from({ length: NEW_CONVERSATIONS_PER_DAY + 1 }, (_, i) => registered(app.url, `nc${i}`)),
    );
    for (const [i, o] of others.entries()) {
      const answer = await sender.emit("friendMessage", { message: "hello", friendName: o.name }, 10_000);
      if (i < NEW_CONVERSATIONS_PER_DAY) expect(answer.ok, `conversation ${i + 1}`).toBe(true);
      else expect(answer).toMatchObject({ code: "rate_limited", message: FRIEND_MESSAGES.tooManyConversations });
      // Not one more burst than a person types.
      if (i % 15 === 14) await new Promise((r) => setTimeout(r, 10_500));
    }
    // An existing conversation goes on.
    expect((await sender.emit("friendMessage", { message: "again", friendName: others[0]?.name })).ok).toBe(true);
    for (const p of [sender, ...others]) p.socket.close();
  });
});

describe("blocked players", () => {
  it("lists my blocks, newest first, to me only; unblocking lets requests through again", async () => {
    const [a, b, c] = [
      await registered(app.url, "kA"),
      await registered(app.url, "kB"),
      await registered(app.url, "kC"),
    ];
    expect((await call(a, "GET", "/friend/blocked")).json).toEqual([]);
    expect((await call(a, "POST", "/friend/block", { friendName: b.name })).json.successMsg).toBe(
      FRIEND_MESSAGES.blockedDone,
    );
    await new Promise((r) => setTimeout(r, 5));
    await call(a, "POST", "/friend/block", { friendName: c.name });
    const list = (await call(a, "GET", "/friend/blocked")).json as unknown as Array<{
      username: string;
      blockedAt: number;
    }>;
    expect(list.map((row) => row.username)).toEqual([c.name, b.name]);
    expect(list[0]?.blockedAt).toBeGreaterThan(Date.now() - 60_000);
    // The blocked do not learn it from a list, nor does anyone else.
    expect((await call(b, "GET", "/friend/blocked")).json).toEqual([]);
    expect((await call(c, "GET", `/friend/blocked?username=${a.name}`)).json).toEqual([]);
    expect((await http(app.url, "GET", "/friend/blocked")).status).toBe(401);

    expect((await call(b, "POST", "/friend/send-request", { friendName: a.name })).status).toBe(403);
    expect((await call(a, "POST", "/friend/unblock", { friendName: b.name })).json.successMsg).toBe(
      FRIEND_MESSAGES.unblocked,
    );
    expect(
      ((await call(a, "GET", "/friend/blocked")).json as unknown as Array<{ username: string }>).map((r) => r.username),
    ).toEqual([c.name]);
    expect((await call(b, "POST", "/friend/send-request", { friendName: a.name })).json.successMsg).toBe(
      FRIEND_MESSAGES.requestSent,
    );
    expect((await call(a, "POST", "/friend/unblock", { friendName: "no-such-player" })).status).toBe(404);
    for (const p of [a, b, c]) p.socket.close();
  });
});

describe("blocked players in the lobby", () => {
  it("see none of each other's offers, and may not accept them", async () => {
    const [a, b, c] = await Promise.all([
      registered(app.url, "lba"),
      registered(app.url, "lbb"),
      registered(app.url, "lbc"),
    ]);
    expect((await call(a, "POST", "/friend/block", { friendName: b.name })).status).toBe(200);
    const offer = { baseTime: 7, increment: 0, variant: "standard", selectedColor: "random" };
    const fromA = await a.emit<{ offerId: string }>("createGameOffer", offer);
    const fromB = await b.emit<{ offerId: string }>("createGameOffer", offer);
    const ids = async (p: Player, changes?: boolean) => {
      const update = await p.emit<{ offers: Array<{ offerId: string }> }>(
        "refreshLobby",
        changes ? { changes: true } : undefined,
      );
      return update.data?.offers.map((o) => o.offerId) ?? [];
    };
    // Either way: the blocker does not see the blocked player's offer, nor the blocked the blocker's.
    expect(await ids(a)).not.toContain(fromB.data?.offerId);
    expect(await ids(b, true)).not.toContain(fromA.data?.offerId);
    expect(await ids(c, true)).toEqual(expect.arrayContaining([fromA.data?.offerId, fromB.data?.offerId]));
    // A change made since is not sent to them either; the others see it.
    const seen = c.next("lobbyChanged");
    const again = await a.emit<{ offerId: string }>("createGameOffer", { ...offer, baseTime: 8 });
    expect((await seen).added.map((o) => o.offerId)).toContain(again.data?.offerId);
    expect(
      (b.seen.get("lobbyChanged") ?? []).flatMap((ch) =>
        (ch as { added: Array<{ offerId: string }> }).added.map((o) => o.offerId),
      ),
    ).not.toContain(again.data?.offerId);
    // Nor can one accept the other's offer by its id.
    const refused = await b.emit("acceptGameOffer", { offerId: again.data?.offerId });
    expect(refused).toMatchObject({ ok: false, code: "gone" });
    const refusedToo = await a.emit("acceptGameOffer", { offerId: fromB.data?.offerId });
    expect(refusedToo).toMatchObject({ ok: false, code: "gone" });
    for (const p of [a, b]) await p.emit("cancelOffer");
    for (const p of [a, b, c]) p.socket.close();
  });

  it("lose each other's offers from a lobby already open the moment one blocks, and get them back when lifted", async () => {
    const [a, b] = await Promise.all([registered(app.url, "lia"), registered(app.url, "lib")]);
    const offer = { baseTime: 9, increment: 0, variant: "standard", selectedColor: "random" };
    const fromA = (await a.emit<{ offerId: string }>("createGameOffer", offer)).data?.offerId;
    const fromB = (await b.emit<{ offerId: string }>("createGameOffer", offer)).data?.offerId;
    // One watches as the site's page does (changes), the other as a client of the spec alone (lists).
    const listed = async (p: Player, changes: boolean) =>
      (
        await p.emit<{ offers: Array<{ offerId: string }> }>("refreshLobby", changes ? { changes: true } : undefined)
      ).data?.offers.map((o) => o.offerId) ?? [];
    expect(await listed(a, false)).toContain(fromB);
    expect(await listed(b, true)).toContain(fromA);
    const ids = (u: { offers: Array<{ offerId: string }> }) => u.offers.map((o) => o.offerId);
    const listWithout = (p: Player, id?: string) => p.next("updateLobby", 5000, (u) => !ids(u).includes(id ?? ""));
    const listWith = (p: Player, id?: string) => p.next("updateLobby", 5000, (u) => ids(u).includes(id ?? ""));

    const [aSees, bSees] = [listWithout(a, fromB), listWithout(b, fromA)];
    expect((await call(b, "POST", "/friend/block", { friendName: a.name })).status).toBe(200);
    expect(ids(await aSees)).toContain(fromA);
    expect(ids(await bSees)).toContain(fromB);

    const [aSeesAgain, bSeesAgain] = [listWith(a, fromB), listWith(b, fromA)];
    expect((await call(b, "POST", "/friend/unblock", { friendName: a.name })).status).toBe(200);
    await Promise.all([aSeesAgain, bSeesAgain]);
    for (const p of [a, b]) await p.emit("cancelOffer");
    for (const p of [a, b]) p.socket.close();
  });
});

describe("friend challenges", () => {
  it("reach an online friend privately; accept starts the game, deny and cancel remove it", async () => {
    const [a, b, other] = [
      await registered(app.url, "chA"),
      await registered(app.url, "chB"),
      await registered(app.url, "chO"),
    ];
    await befriend(a, b);
    await other.emit("refreshLobby");

    const received = b.next("friendChallengeReceived");
    const created = a.next("friendChallengeCreated");
    const ack = await a.emit<{ offer: { offerId: string } }>("createFriendChallenge", {
      baseTime: 5,
      increment: 0,
      friendName: b.name,
    });
    expect(ack.ok).toBe(true);
    expect((await created).isSuccessful).toBe(true);
    const challenge = await received;
    expect(challenge.from).toBe(a.name);
    const lobby = await other.emit<{ offers: Array<{ offerId: string }> }>("refreshLobby");
    expect(lobby.data?.offers.some((o) => o.offerId === challenge.offer.offerId)).toBe(false);
    expect((await other.emit("acceptGameOffer", { offerId: challenge.offer.offerId })).ok).toBe(false);

    const removedA = a.next("friendChallengeRemoved");
    expect((await b.emit("denyFriendChallenge", { offerId: challenge.offer.offerId })).ok).toBe(true);
    expect(await removedA).toBe(challenge.offer.offerId);

    const toCancel = b.next("friendChallengeReceived");
    await a.emit("createFriendChallenge", { baseTime: 5, increment: 0, friendName: b.name });
    const cancelledId = (await toCancel).offer.offerId;
    const removedB = b.next("friendChallengeRemoved");
    expect((await a.emit("cancelOffer", { offerId: cancelledId })).ok).toBe(true);
    expect(await removedB).toBe(cancelledId);

    const second = b.next("friendChallengeReceived");
    await a.emit("createFriendChallenge", { baseTime: 5, increment: 0, friendName: b.name });
    const offerId = (await second).offer.offerId;
    const started = [a.next("gameStarted"), b.next("gameStarted")];
    expect((await b.emit("acceptGameOffer", { offerId })).ok).toBe(true);
    const [ga] = await Promise.all(started);
    expect(ga?.opponent).toBe(b.name);
    await a.emit("abort");

    b.socket.close();
    await new Promise((r) => setTimeout(r, 200));
    const offline = a.next("friendChallengeCreated");
    const refused = await a.emit("createFriendChallenge", { baseTime: 5, increment: 0, friendName: b.name });
    expect(refused).toMatchObject({ ok: false, code: "offline", message: FRIEND_MESSAGES.offline });
    expect((await offline).isSuccessful).toBe(false);
    expect((await call(a, "PUT", "/user/preferences", { challengesFrom: "friends" })).status).toBe(200);
    expect(await other.emit("createFriendChallenge", { baseTime: 5, increment: 0, friendName: a.name })).toMatchObject({
      code: "forbidden",
      message: FRIEND_MESSAGES.challengesFriendsOnly,
    });
    a.socket.close();
    other.socket.close();
  });
});
