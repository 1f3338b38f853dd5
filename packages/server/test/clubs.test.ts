import { CLUB_MESSAGES } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { connect, http, useTestServer } from "./harness.ts";
import { guest, type Player, play, registered, startGame } from "./players.ts";

// More accounts than one address may sign up by default (throttles.test.ts checks that limit).
const app = useTestServer({ SIGNUP_LIMIT_PER_IP: "100" });

const as = (p: Player) => ({ headers: { cookie: p.cookie ?? "" } });
const call = (p: Player, method: string, path: string, body?: unknown) =>
  http(app.url, method, path, { ...as(p), body });
/** A list answer's rows. */
const rows = async <T>(answer: Promise<{ json: unknown }>) => (await answer).json as T[];

async function clubWith(admin: Player, members: Player[] = []): Promise<{ clubId: number; clubName: string }> {
  const clubName = `Club ${admin.name}`;
  const created = await call(admin, "POST", "/club/create", { clubName });
  expect(created.status).toBe(201);
  const clubId = Number(created.json.clubId);
  for (const m of members) {
    expect((await call(admin, "POST", "/club/invite", { clubId, inviteeUsername: m.name })).status).toBe(200);
    expect((await call(m, "POST", "/club/handle-invitation", { clubId, accepted: true })).status).toBe(200);
  }
  return { clubId, clubName };
}

describe("clubs", () => {
  it("creates a club open or by request with a description, found by search; a request reaches the administrator", async () => {
    const [admin, asker, passer] = [
      await registered(app.url, "fAdm"),
      await registered(app.url, "fAsk"),
      await registered(app.url, "fPas"),
    ];
    const open = await call(admin, "POST", "/club/create", {
      clubName: `Open ${admin.name}`,
      joinPolicy: "open",
      description: "  Rapid on Sundays  ",
    });
    expect(open.status).toBe(201);
    const found = await rows<{ clubId: number; description: string; joinPolicy: string }>(
      call(passer, "GET", `/club/search?q=${encodeURIComponent(`Open ${admin.name}`)}`),
    );
    expect(found).toEqual([
      expect.objectContaining({ clubId: open.json.clubId, joinPolicy: "open", description: "Rapid on Sundays" }),
    ]);
    expect((await call(passer, "POST", "/club/join", { clubId: open.json.clubId })).json.joined).toBe(true);

    // Bad input changes nothing.
    for (const bad of [{ joinPolicy: "everyone" }, { description: "x".repeat(501) }, { description: 7 }]) {
      const refused = await call(admin, "POST", "/club/create", { clubName: `Bad ${admin.name}`, ...bad });
      expect(refused.status).toBe(400);
    }
    expect(await rows(call(admin, "GET", `/club/search?q=${encodeURIComponent(`Bad ${admin.name}`)}`))).toEqual([]);

    const byRequest = await call(admin, "POST", "/club/create", {
      clubName: `Asked ${admin.name}`,
      joinPolicy: "request",
    });
    const clubId = Number(byRequest.json.clubId);
    const told = admin.next("clubJoinRequested");
    expect((await call(asker, "POST", "/club/join", { clubId })).json.joined).toBe(false);
    expect(await told).toEqual({ clubId, clubName: `Asked ${admin.name}`, username: asker.name });
    const waiting = await rows<{ clubId: number; username: string }>(call(admin, "GET", "/club/join-requests/waiting"));
    expect(waiting).toEqual([
      { clubId, clubName: `Asked ${admin.name}`, username: asker.name, requestedAt: expect.any(Number) },
    ]);
    // Nobody else's requests: the asker administers nothing.
    expect(await rows(call(asker, "GET", "/club/join-requests/waiting"))).toEqual([]);
    const answered = admin.next("clubJoinRequestAnswered");
    const accept = { clubId, username: asker.name, accept: true };
    expect((await call(admin, "POST", "/club/handle-join-request", accept)).status).toBe(200);
    expect(await answered).toEqual({ clubId, username: asker.name, accepted: true });
    expect(await rows(call(admin, "GET", "/club/join-requests/waiting"))).toEqual([]);
    expect((await http(app.url, "GET", "/club/join-requests/waiting")).status).toBe(401);
    for (const p of [admin, asker, passer]) p.socket.close();
  });

  it("creates a club with its creator as administrator; names are unique and never blank", async () => {
    const admin = await registered(app.url, "cAdm");
    const { clubId, clubName } = await clubWith(admin);
    expect((await call(admin, "GET", "/club/list")).json).toEqual([
      {
        clubId,
        clubName,
        isAdministrator: true,
        administratorId: expect.any(Number),
        joinPolicy: "invite",
        description: "",
      },
    ]);
    const dup = await call(admin, "POST", "/club/create", { clubName: clubName.toUpperCase() });
    expect(dup.status).toBe(409);
    const blank = await call(admin, "POST", "/club/create", { clubName: "   " });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe(CLUB_MESSAGES.emptyName);
    // A name of invisible characters is blank; hidden inside a name they are dropped, so it cannot pass for
    // another club's.
    for (const invisible of ["\u200B", "\u2060\uFEFF", "\u3164 \u2800"]) {
      const answer = await call(admin, "POST", "/club/create", { clubName: invisible });
      expect(answer.status).toBe(400);
      expect(answer.json.message).toBe(CLUB_MESSAGES.emptyName);
    }
    const lookalike = await call(admin, "POST", "/club/create", {
      clubName: `\u200B${clubName.slice(0, 2)}\u200B${clubName.slice(2)}`,
    });
    expect(lookalike.status).toBe(409);
    const spaced = await call(admin, "POST", "/club/create", { clubName: " Knights\u00A0\u00A0 of\u200B e4 " });
    expect(spaced.json.clubName).toBe("Knights of e4");
    admin.socket.close();
  });

  it("tells each of the invitee's tabs that an invitation was answered, declined or accepted", async () => {
    const [admin, bob] = [await registered(app.url, "aAdm"), await registered(app.url, "aBob")];
    const { clubId } = await clubWith(admin);
    // A second tab of Bob: another socket of the same session.
    const { socket: otherTab } = await connect(app.url, { sessionId: bob.sessionId, cookie: bob.cookie ?? "" });
    const answered = () => new Promise((resolve) => otherTab.once("clubInvitationAnswered", resolve));

    expect((await call(admin, "POST", "/club/invite", { clubId, inviteeUsername: bob.name })).status).toBe(200);
    let told = answered();
    const mine = bob.next("clubInvitationAnswered");
    expect((await call(bob, "POST", "/club/handle-invitation", { clubId, accepted: false })).status).toBe(200);
    expect(await told).toEqual({ clubId, accepted: false });
    expect(await mine).toEqual({ clubId, accepted: false });

    expect((await call(admin, "POST", "/club/invite", { clubId, inviteeUsername: bob.name })).status).toBe(200);
    told = answered();
    expect((await call(bob, "POST", "/club/handle-invitation", { clubId, accepted: true })).status).toBe(200);
    expect(await told).toEqual({ clubId, accepted: true });
    // An answer that finds no invitation changes nothing and tells nobody.
    expect((await call(bob, "POST", "/club/handle-invitation", { clubId, accepted: false })).status).toBe(404);
    expect(admin.seen.get("clubInvitationAnswered")).toBeUndefined();
    expect(bob.seen.get("clubInvitationAnswered")).toHaveLength(2);
    otherTab.close();
    for (const p of [admin, bob]) p.socket.close();
  });

  it("lets the administrator invite; the invitee accepts once and sees members with ratings and presence", async () => {
    const [admin, bob, carol] = [
      await registered(app.url, "iAdm"),
      await registered(app.url, "iBob"),
      await registered(app.url, "iCar"),
    ];
    const { clubId, clubName } = await clubWith(admin);
    const toast = bob.next("clubInvitationReceived");
    expect((await call(admin, "POST", "/club/invite", { clubId, inviteeUsername: bob.name })).json.successMsg).toBe(
      CLUB_MESSAGES.invited,
    );
    expect(await toast).toEqual({ clubId, clubName, inviter: admin.name });
    expect((await call(admin, "POST", "/club/invite", { clubId, inviteeUsername: bob.name })).status).toBe(409);
    expect((await call(bob, "GET", "/club/list-invitations")).json).toEqual([
      { clubId, clubName, inviter: admin.name },
    ]);
    expect((await call(bob, "POST", "/club/handle-invitation", { clubId, accepted: true })).status).toBe(200);
    expect((await call(bob, "POST", "/club/handle-invitation", { clubId, accepted: true })).status).toBe(404);
    expect((await call(admin, "POST", "/club/invite", { clubId, inviteeUsername: bob.name })).json.message).toBe(
      CLUB_MESSAGES.alreadyMember,
    );
    // A member who is not the administrator may not invite.
    const notAdmin = await call(bob, "POST", "/club/invite", { clubId, inviteeUsername: carol.name });
    expect(notAdmin.status).toBe(403);
    expect((await call(admin, "POST", "/club/invite", { clubId, inviteeUsername: "nobody-here" })).status).toBe(404);

    const members = await call(bob, "GET", `/club/users?clubName=${encodeURIComponent(clubName)}`);
    expect(members.json).toEqual([
      expect.objectContaining({ username: admin.name, role: "administrator", online: true }),
      expect.objectContaining({ username: bob.name, role: "member", online: true }),
    ]);
    expect((members.json as unknown as Array<{ elos: Record<string, number> }>)[0]?.elos.standard_rapid).toBe(1200);
    for (const p of [admin, bob, carol]) p.socket.close();
  });

  it("keeps posts, events, members and chat to members, without saying the club exists", async () => {
    const [admin, member, stranger] = [
      await registered(app.url, "pAdm"),
      await registered(app.url, "pMem"),
      await registered(app.url, "pStr"),
    ];
    const { clubId, clubName } = await clubWith(admin, [member]);
    expect(
      (await call(member, "POST", "/post/create", { clubId, text: "  Tournament on Friday <b>!</b> " })).status,
    ).toBe(201);
    expect((await call(member, "GET", `/post/list?clubId=${clubId}`)).json).toEqual([
      expect.objectContaining({ author: member.name, text: "Tournament on Friday <b>!</b>" }),
    ]);
    const event = await call(admin, "POST", "/event/create", {
      clubId,
      title: "Blitz night",
      eventDate: "2026-12-05T18:00:00Z",
    });
    expect(event.status).toBe(201);
    expect((await call(member, "GET", `/event/list?clubId=${clubId}`)).json).toEqual([
      { id: event.json.id, title: "Blitz night", event_date: "2026-12-05", author: admin.name },
    ]);
    expect((await call(member, "POST", "/post/create", { clubId, text: "   " })).status).toBe(400);
    expect((await call(member, "POST", "/post/create", { clubId, text: "\u200B" })).json.message).toBe(
      "A post cannot be empty",
    );
    const note = { clubId, title: "\u200B\u200B", eventDate: "2026-12-01" };
    expect((await call(member, "POST", "/event/create", note)).json.message).toBe("A note cannot be empty");
    expect(
      (await member.emit("chatMessage", { text: "\u200B", chatType: "club", chatId: `club:${clubId}` })).code,
    ).toBe("validation");
    expect((await call(member, "POST", "/event/create", { clubId, title: "x", eventDate: "soon" })).status).toBe(400);

    for (const [method, path, body] of [
      ["GET", `/post/list?clubId=${clubId}`],
      ["POST", "/post/create", { clubId, text: "let me in" }],
      ["GET", `/event/list?clubId=${clubId}`],
      ["POST", "/event/create", { clubId, title: "x", eventDate: "2026-12-01" }],
      ["GET", `/club/users?clubName=${encodeURIComponent(clubName)}`],
      ["POST", "/club/invite", { clubId, inviteeUsername: stranger.name }],
      ["POST", "/club/leave", { clubId }],
    ] as const) {
      const res = await call(stranger, method, path, body);
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 404`);
      expect(res.json.message).toBe(CLUB_MESSAGES.unknownClub);
    }
    expect((await call(stranger, "GET", "/post/list?clubId=999999")).json.message).toBe(CLUB_MESSAGES.unknownClub);

    const chatId = `club:${clubId}`;
    await member.emit("getChatHistory", { chatId });
    const heard = member.next("chatMessage");
    expect((await admin.emit("chatMessage", { text: "welcome!", chatType: "club", chatId })).ok).toBe(true);
    expect((await heard).text).toBe("welcome!");
    expect((await stranger.emit("chatMessage", { text: "hi", chatType: "club", chatId })).code).toBe("forbidden");
    expect((await stranger.emit("getChatHistory", { chatId })).code).toBe("forbidden");
    for (const p of [admin, member, stranger]) p.socket.close();
  });

  it("passes the club on when the administrator leaves, and closes it when the last member leaves", async () => {
    const [admin, member] = [await registered(app.url, "lAdm"), await registered(app.url, "lMem")];
    const { clubId } = await clubWith(admin, [member]);
    expect((await call(admin, "POST", "/club/leave", { clubId })).json.message).toBe(CLUB_MESSAGES.left);
    expect((await call(member, "GET", "/club/list")).json).toEqual([
      expect.objectContaining({ clubId, isAdministrator: true }),
    ]);
    expect((await call(member, "POST", "/club/leave", { clubId })).json.message).toContain("closed");
    expect((await call(member, "GET", `/post/list?clubId=${clubId}`)).status).toBe(404);
    admin.socket.close();
    member.socket.close();
  });

  it("answers guests with the spec's message", async () => {
    const res = await http(app.url, "GET", "/club/list");
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(CLUB_MESSAGES.notLoggedIn);
  });
});

describe("finding and joining clubs", () => {
  it("lists open and by-request clubs by size with the caller's standing; joins an open one at once", async () => {
    const [admin, bob, carol] = [
      await registered(app.url, "jAdm"),
      await registered(app.url, "jBob"),
      await registered(app.url, "jCar"),
    ];
    const tag = admin.name.slice(-6);
    const big = await clubWith(admin, [carol]);
    const solo = await clubWith(carol);
    const hidden = await clubWith(bob);
    expect((await call(admin, "POST", "/club/settings", { clubId: big.clubId, joinPolicy: "open" })).status).toBe(200);
    expect((await call(carol, "POST", "/club/settings", { clubId: solo.clubId, joinPolicy: "request" })).status).toBe(
      200,
    );
    const found = (await call(bob, "GET", `/club/search?q=${encodeURIComponent(tag)}`)).json;
    expect(found).toEqual([
      {
        clubId: big.clubId,
        clubName: big.clubName,
        memberCount: 2,
        joinPolicy: "open",
        description: "",
        status: "none",
      },
    ]);
    const all = await rows<{ clubId: number }>(call(bob, "GET", "/club/search"));
    expect(all.map((c) => c.clubId)).toEqual(expect.arrayContaining([big.clubId, solo.clubId]));
    expect(all.map((c) => c.clubId)).not.toContain(hidden.clubId);
    // A LIKE wildcard in the search is a character, not a pattern.
    expect((await call(bob, "GET", "/club/search?q=%25")).json).toEqual([]);
    expect((await call(bob, "GET", "/club/search?pageNo=0")).status).toBe(400);

    const joined = await call(bob, "POST", "/club/join", { clubId: big.clubId });
    expect(joined.json).toEqual({ successMsg: CLUB_MESSAGES.joined, joined: true });
    expect((await rows<{ clubId: number }>(call(bob, "GET", "/club/list"))).map((c) => c.clubId)).toContain(big.clubId);
    expect((await call(bob, "POST", "/club/join", { clubId: big.clubId })).status).toBe(409);
    expect(
      (await rows<{ status: string }>(call(bob, "GET", `/club/search?q=${encodeURIComponent(big.clubName)}`)))[0]
        ?.status,
    ).toBe("member");
    for (const p of [admin, bob, carol]) p.socket.close();
  });

  it("takes requests to a by-request club: the administrator is told, and accepts or declines", async () => {
    const [admin, bob, carol, dave] = [
      await registered(app.url, "rAdm"),
      await registered(app.url, "rBob"),
      await registered(app.url, "rCar"),
      await registered(app.url, "rDav"),
    ];
    const { clubId, clubName } = await clubWith(admin);
    await call(admin, "POST", "/club/settings", { clubId, joinPolicy: "request" });
    const told = admin.next("clubJoinRequested");
    const asked = await call(bob, "POST", "/club/join", { clubId });
    expect(asked.json).toEqual({ successMsg: CLUB_MESSAGES.requested, joined: false });
    expect(await told).toEqual({ clubId, clubName, username: bob.name });
    expect((await call(bob, "POST", "/club/join", { clubId })).json.message).toBe(CLUB_MESSAGES.alreadyRequested);
    expect(
      (await rows<{ status: string }>(call(bob, "GET", `/club/search?q=${encodeURIComponent(clubName)}`)))[0]?.status,
    ).toBe("requested");
    await call(carol, "POST", "/club/join", { clubId });
    const requests = await rows<{ username: string }>(call(admin, "GET", `/club/join-requests?clubId=${clubId}`));
    expect(requests.map((r) => r.username)).toEqual([bob.name, carol.name]);

    const accept = { clubId, username: bob.name, accept: true };
    expect((await call(admin, "POST", "/club/handle-join-request", accept)).status).toBe(200);
    expect((await call(admin, "POST", "/club/handle-join-request", accept)).json.message).toBe(CLUB_MESSAGES.noRequest);
    await call(admin, "POST", "/club/handle-join-request", { clubId, username: carol.name, accept: false });
    const members = await rows<{ username: string }>(
      call(admin, "GET", `/club/users?clubName=${encodeURIComponent(clubName)}`),
    );
    expect(members.map((m) => m.username).sort()).toEqual([admin.name, bob.name].sort());
    expect((await call(admin, "GET", `/club/join-requests?clubId=${clubId}`)).json).toEqual([]);

    // A player the administrator blocked cannot ask; an invite-only club is, to outsiders, not there.
    expect((await call(admin, "POST", "/friend/block", { friendName: dave.name })).status).toBeLessThan(300);
    expect((await call(dave, "POST", "/club/join", { clubId })).json.message).toBe(CLUB_MESSAGES.refused);
    await call(admin, "POST", "/club/settings", { clubId, joinPolicy: "invite" });
    expect((await call(carol, "POST", "/club/join", { clubId })).status).toBe(404);
    const badPolicy = await call(admin, "POST", "/club/settings", { clubId, joinPolicy: "everyone" });
    expect(badPolicy.status).toBe(400);
    for (const p of [admin, bob, carol, dave]) p.socket.close();
  });
});

describe("live club events", () => {
  const quiet = () => new Promise((r) => setTimeout(r, 150));

  it("reach members watching the club, never strangers, and stop when a member leaves", async () => {
    const [admin, member, carol, stranger] = [
      await registered(app.url, "vAdm"),
      await registered(app.url, "vMem"),
      await registered(app.url, "vCar"),
      await registered(app.url, "vStr"),
    ];
    const { clubId } = await clubWith(admin, [member]);
    expect((await admin.emit("watchClub", { clubId })).ok).toBe(true);
    expect((await member.emit("watchClub", { clubId })).ok).toBe(true);
    // A stranger cannot join the room, by watchClub or through the club chat.
    expect(await stranger.emit("watchClub", { clubId })).toMatchObject({
      ok: false,
      code: "not_found",
      message: CLUB_MESSAGES.unknownClub,
    });
    expect((await stranger.emit("getChatHistory", { chatId: `club:${clubId}` })).code).toBe("forbidden");
    const g = await guest(app.url);
    expect((await g.emit("watchClub", { clubId })).code).toBe("unauthorized");
    expect((await member.emit("watchClub", { clubId: "x" })).code).toBe("validation");

    const post = member.next("clubPostCreated");
    const created = await call(admin, "POST", "/post/create", { clubId, text: " Live <i>post</i> " });
    expect(await post).toEqual({
      clubId,
      post: { id: created.json.id, author: admin.name, text: "Live <i>post</i>", createdAt: expect.any(Number) },
    });
    const note = admin.next("clubEventCreated");
    const event = await call(member, "POST", "/event/create", { clubId, title: "Arena", eventDate: "2026-05-04" });
    expect(await note).toEqual({
      clubId,
      event: { id: event.json.id, title: "Arena", event_date: "2026-05-04", author: member.name },
    });

    // Carol joins (she watches through the chat, as the page's chat panel does); members hear of it.
    const joined = member.next("clubMembersChanged");
    await call(admin, "POST", "/club/invite", { clubId, inviteeUsername: carol.name });
    await call(carol, "POST", "/club/handle-invitation", { clubId, accepted: true });
    expect(await joined).toEqual({ clubId });
    expect((await carol.emit("getChatHistory", { chatId: `club:${clubId}` })).ok).toBe(true);

    // The member and Carol leave: the others hear it, and they hear nothing more of the club.
    const left = admin.next("clubMembersChanged");
    await call(member, "POST", "/club/leave", { clubId });
    expect(await left).toEqual({ clubId });
    await call(carol, "POST", "/club/leave", { clubId });
    const own = admin.next("clubPostCreated");
    await call(admin, "POST", "/post/create", { clubId, text: "after they left" });
    await own;
    await quiet();
    for (const p of [member, carol]) expect(p.seen.get("clubPostCreated")?.length ?? 0).toBe(p === member ? 1 : 0);
    expect(carol.seen.get("chatMessage")).toBeUndefined();
    await admin.emit("chatMessage", { text: "still here?", chatType: "club", chatId: `club:${clubId}` });
    await quiet();
    expect(carol.seen.get("chatMessage")).toBeUndefined();
    expect(member.seen.get("clubMembersChanged")).toHaveLength(1);
    for (const e of ["clubPostCreated", "clubEventCreated", "clubMembersChanged"]) {
      expect(stranger.seen.get(e)).toBeUndefined();
    }
    // Rejoining needs membership again.
    expect((await member.emit("watchClub", { clubId })).code).toBe("not_found");
    for (const p of [admin, member, carol, stranger, g]) p.socket.close();
  });
});

describe("club games", () => {
  it("shows a club offer only to members and counts the game toward club ratings", async () => {
    const [admin, member, outsider] = [
      await registered(app.url, "gAdm"),
      await registered(app.url, "gMem"),
      await registered(app.url, "gOut"),
    ];
    const { clubId, clubName } = await clubWith(admin, [member]);
    await member.emit("refreshLobby");
    await outsider.emit("refreshLobby");
    const seen = member.next("updateLobby");
    const offer = await admin.emit<{ offerId: string }>("createGameOffer", {
      baseTime: 10,
      increment: 0,
      clubId,
      selectedColor: "white",
    });
    expect(offer.ok).toBe(true);
    expect((await seen).offers.some((o) => o.offerId === offer.data?.offerId)).toBe(true);
    const outsiderView = await outsider.emit<{ offers: Array<{ offerId: string }> }>("refreshLobby");
    expect(outsiderView.data?.offers.some((o) => o.offerId === offer.data?.offerId)).toBe(false);
    expect((await outsider.emit("acceptGameOffer", { offerId: offer.data?.offerId })).ok).toBe(false);
    const g = await guest(app.url);
    expect((await g.emit("createGameOffer", { baseTime: 10, increment: 0, clubId })).code).toBe("forbidden");
    await admin.emit("cancelOffer");

    const { white, black, game } = await startGame(admin, member, {
      baseTime: 10,
      increment: 0,
      clubId,
      selectedColor: "white",
    });
    const over = white.next("gameOver");
    await play(white, black, game.gameId, ["f2f3", "e7e5", "g2g4", "d8h4"]);
    await over;
    const members = (await call(admin, "GET", `/club/users?clubName=${encodeURIComponent(clubName)}`))
      .json as unknown as Array<{
      username: string;
      clubElos: Record<string, number>;
      elos: Record<string, number>;
    }>;
    const adminRow = members.find((m) => m.username === admin.name);
    const memberRow = members.find((m) => m.username === member.name);
    expect(adminRow?.clubElos.standard_rapid).toBe(1180);
    expect(memberRow?.clubElos.standard_rapid).toBe(1220);
    expect(memberRow?.elos.standard_rapid).toBe(1220);
    for (const p of [admin, member, outsider, g]) p.socket.close();
  });
});
