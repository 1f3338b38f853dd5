import {
  CLIENT_EVENTS,
  CLUB_MATCH_MESSAGES,
  CLUB_MESSAGES,
  FRIEND_MESSAGES,
  MESSAGES,
  TOURNAMENT_MESSAGES,
} from "@chess/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { SOCKET_EVENT_LIMIT } from "../src/realtime/handlers.ts";
import { connect, http, useTestServer } from "./harness.ts";
import { guest, type Player, play, registered, startGame } from "./players.ts";
import { registeredRoutes } from "./routes.ts";

/**
 * The access sweep (issue 7 part 4): every HTTP route and every client→server socket event, tried with no
 * credentials (HTTP), as a guest, as a logged-in stranger and, where it means something, as the other party
 * acting for someone else — against the world of player A. Refusals carry the area's status or code, no
 * data, and the same answer as for a thing that does not exist; things that cannot exist (ids past the
 * database's range, names with a NUL) are bad input, never a server error. Public things are rows marked
 * allowed. Afterwards A's world is as it was and nobody outside it heard anything of it.
 */
const app = useTestServer({ SIGNUP_LIMIT_PER_IP: "1000", ANALYSIS_NODES: "2000" });

// ---------------------------------------------------------------------------------------------------------
// The world

interface World {
  /** Administers club C, friends with B, plays B. */
  A: Player;
  /** A's friend and opponent; a member (not the administrator) of C. */
  B: Player;
  /** A logged-in stranger. */
  S: Player;
  /** A guest (a session without an account). */
  G: Player;
  /** Invited to C (not yet a member) and asked A to be friends (not yet answered). */
  D: Player;
  /** Blocked by A. */
  X: Player;
  dId: number;
  club: { id: number; name: string };
  /** Finished A–B game with a pending rematch offer by A. */
  finished: string;
  /**
   * Live B–D game (B white, D black, white to move, D's draw offer pending). Not A's: starting a game
   * withdraws its players' open offers, and A's must stay open.
   */
  live: string;
  publicOfferId: string;
  clubOfferId: string;
  challengeId: string;
  rematchId: string;
  /** A–B daily game in progress (A white, e4 played: B to move). */
  daily: string;
  dailyOfferId: string;
  /** A's daily challenge to B. */
  dailyChallengeId: string;
  /** C's challenge to D's club E to a daily club match, not yet answered. */
  clubMatchId: string;
  /** A game A imported (public by link, as lichess's imports are). */
  importId: string;
  /** C's club arena, made by A, not started; B joined it. */
  arenaId: string;
  /** A site-wide puzzle, from a mistake in a game between two players outside A's world. */
  puzzleId: number;
  /** Text of A's world that no outsider may ever receive. */
  secrets: string[];
}

const tag = Math.random().toString(36).slice(2, 8);
const TEXT = {
  clubName: `Secret circle ${tag}`,
  post: `post-${tag} members only`,
  event: `note-${tag} members only`,
  clubChat: `clubchat-${tag}`,
  gameChat: `gamechat-${tag}`,
  aToB: `dm-a-${tag}`,
  bToA: `dm-b-${tag}`,
};
/** Names and ids that exist nowhere. */
const GHOST = { clubId: 999_999, clubName: `No such club ${tag}`, id: "zz0ghost", user: `nobody${tag}` };
/** Names and ids that cannot exist: past the database's integer range, or holding a NUL (PostgreSQL text
 * cannot). They must be refused like any other bad input, never answered with a server error. */
const IMPOSSIBLE = { clubId: 2_147_483_648, clubName: "no\u0000club", id: "zz\u0000", user: "no\u0000body" };
type Ghost = typeof GHOST;
const PASSWORD = "correct horse";

const cookieOf = (p: Player) => ({ cookie: p.cookie ?? "" });
const as = (p: Player, method: string, path: string, body?: unknown) =>
  http(app.url, method, path, { headers: cookieOf(p), body });

let w: World;

async function buildWorld(): Promise<World> {
  const [A, B, S, D, X] = [
    await registered(app.url, "accA"),
    await registered(app.url, "accB"),
    await registered(app.url, "accS"),
    await registered(app.url, "accD"),
    await registered(app.url, "accX"),
  ];
  const G = await guest(app.url);

  // A and B are friends; D asked A too, unanswered; A blocked X.
  expect((await as(A, "POST", "/friend/send-request", { friendName: B.name })).status).toBe(200);
  const bInvites = (await as(B, "GET", "/friend/list-invites")).json as unknown as Array<{ inviterId: number }>;
  const aId = bInvites[0]?.inviterId;
  expect((await as(B, "POST", "/friend/handle-request", { inviterId: aId, accepted: true })).status).toBe(200);
  expect((await as(D, "POST", "/friend/send-request", { friendName: A.name })).status).toBe(200);
  const aInvites = (await as(A, "GET", "/friend/list-invites")).json as unknown as Array<{ inviterId: number }>;
  const dId = aInvites[0]?.inviterId as number;
  expect((await as(A, "POST", "/friend/block", { friendName: X.name })).status).toBe(200);
  // A and B take messages and challenges from friends only (everyone is the default): strangers are refused.
  for (const p of [A, B]) {
    const kept = await as(p, "PUT", "/user/preferences", { messagesFrom: "friends", challengesFrom: "friends" });
    expect(kept.status).toBe(200);
  }
  expect((await A.emit("friendMessage", { message: TEXT.aToB, friendName: B.name })).ok).toBe(true);
  expect((await B.emit("friendMessage", { message: TEXT.bToA, friendName: A.name })).ok).toBe(true);
  expect((await B.emit("friendMessage", { message: `${TEXT.bToA}-2`, friendName: A.name })).ok).toBe(true);
  expect(
    (await http(app.url, "PUT", "/user/preferences", { headers: cookieOf(A), body: { theme: "dark" } })).status,
  ).toBe(200);

  // Club C: A administers, B is a member, D is invited. B's invitation cannot be accepted twice.
  const created = await as(A, "POST", "/club/create", { clubName: TEXT.clubName });
  expect(created.status).toBe(201);
  const club = { id: Number(created.json.clubId), name: TEXT.clubName };
  for (const p of [B, D]) {
    expect((await as(A, "POST", "/club/invite", { clubId: club.id, inviteeUsername: p.name })).status).toBe(200);
  }
  expect((await as(B, "POST", "/club/handle-invitation", { clubId: club.id, accepted: true })).status).toBe(200);
  const twice = await as(B, "POST", "/club/handle-invitation", { clubId: club.id, accepted: true });
  expect([twice.status, twice.json.message]).toEqual([404, CLUB_MESSAGES.noInvitation]);
  expect((await as(A, "POST", "/post/create", { clubId: club.id, text: TEXT.post })).status).toBe(201);
  expect(
    (await as(A, "POST", "/event/create", { clubId: club.id, title: TEXT.event, eventDate: "2031-04-05" })).status,
  ).toBe(201);
  const chatId = `club:${club.id}`;
  expect((await A.emit("getChatHistory", { chatId })).ok).toBe(true);
  expect((await B.emit("getChatHistory", { chatId })).ok).toBe(true);
  expect((await A.emit("chatMessage", { text: TEXT.clubChat, chatType: "club", chatId })).ok).toBe(true);

  // Two finished A–B games (A white in the first).
  const finishedGames: string[] = [];
  for (const loser of [A, B]) {
    const { white, black, game } = await startGame(A, B);
    await play(white, black, game.gameId, ["e2e4", "e7e5"]);
    const over = Promise.all([A.next("gameOver"), B.next("gameOver")]);
    expect((await loser.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
    await over;
    finishedGames.push(game.gameId);
  }
  const finished = finishedGames[1] as string;

  // A puzzle: P misses 4. Qxf7# against Q; the game's analysis makes it (its second-best search runs after).
  const [P, Q] = [await registered(app.url, "accP"), await registered(app.url, "accQ")];
  const missed = await startGame(P, Q);
  await play(missed.white, missed.black, missed.game.gameId, ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f3"]);
  expect((await missed.black.emit("forfeit", { gameId: missed.game.gameId })).ok).toBe(true);
  expect((await as(missed.white, "GET", `/game/analysis/${missed.game.gameId}`)).status).toBe(200);
  let puzzleId: number | undefined;
  for (const deadline = Date.now() + 60_000; puzzleId === undefined && Date.now() < deadline; ) {
    const deck = (await as(missed.white, "GET", "/puzzles/mine")).json as { puzzles: Array<{ id: number }> };
    puzzleId = deck.puzzles[0]?.id;
    if (puzzleId === undefined) await new Promise((r) => setTimeout(r, 250));
  }
  expect(puzzleId, "the missed mate made a puzzle").toBeDefined();
  for (const p of [P, Q]) p.socket.close();

  // A's open offers: a public one, a club one, a challenge to B.
  const publicOffer = await A.emit<{ offerId: string }>("createGameOffer", { baseTime: 10, increment: 0 });
  const clubOffer = await A.emit<{ offerId: string }>("createGameOffer", {
    baseTime: 3,
    increment: 2,
    clubId: club.id,
  });
  const challenged = B.next("friendChallengeReceived");
  const challenge = await A.emit<{ offer: { offerId: string } }>("createFriendChallenge", {
    baseTime: 15,
    increment: 10,
    friendName: B.name,
  });
  expect([publicOffer.ok, clubOffer.ok, challenge.ok]).toEqual([true, true, true]);
  await challenged;

  // A offers a rematch of the second game, left pending. B and D play the live game.
  const rematch = await as(A, "POST", "/game/offer-rematch", { previousGameId: finished });
  expect(rematch.status).toBe(200);
  const { game: liveGame } = await startGame(B, D, {
    baseTime: 10,
    increment: 0,
    variant: "standard",
    selectedColor: "white",
  });
  await play(B, D, liveGame.gameId, ["d2d4", "d7d5"]);
  const drawOffered = B.next("offerDraw");
  expect((await D.emit("offerDraw", { gameId: liveGame.gameId })).ok).toBe(true);
  await drawOffered;
  const heard = B.next("chatMessage", 5000, (m) => m.chatId === liveGame.gameId);
  expect((await D.emit("chatMessage", { text: TEXT.gameChat, chatType: "game", chatId: liveGame.gameId })).ok).toBe(
    true,
  );
  await heard;

  // Daily: an A–B game (A to move first, e4 played), A's public daily offer, A's daily challenge to B.
  const dailyOffer = await as(A, "POST", "/daily/offers", { days: 3, color: "white" });
  const dailyTaken = await as(B, "POST", `/daily/offers/${dailyOffer.json.offerId}/accept`);
  expect([dailyOffer.status, dailyTaken.status]).toEqual([201, 200]);
  const daily = dailyTaken.json.gameId as string;
  expect((await A.emit("dailyMove", { gameId: daily, move: { from: "e2", to: "e4" } })).ok).toBe(true);
  const openDaily = await as(A, "POST", "/daily/offers", { days: 7 });
  const dailyChallenge = await as(A, "POST", "/daily/challenges", { days: 5, friendName: B.name });
  expect([openDaily.status, dailyChallenge.status]).toEqual([201, 201]);
  // D administers club E, which C (A) challenges to a club match.
  const clubE = await as(D, "POST", "/club/create", { clubName: `Club E ${tag}` });
  const clubMatch = await as(A, "POST", "/club-matches", {
    clubId: club.id,
    opponentClubId: Number(clubE.json.clubId),
    days: 3,
  });
  expect([clubE.status, clubMatch.status]).toEqual([201, 201]);
  const imported = await as(A, "POST", "/analysis/import", { pgn: "1. e4 e5 2. Nf3 *" });
  expect(imported.status).toBe(200);
  const arena = await as(A, "POST", "/tournaments", {
    baseTime: 3,
    increment: 0,
    countdownMinutes: 60,
    conditions: { clubId: club.id },
  });
  expect(arena.status).toBe(201);
  expect((await as(B, "POST", `/tournaments/${arena.json.id}/join`)).status).toBe(200);

  // A game's chat is read by anyone who watches the game, so its lines are no secret of A's world.
  const secrets = [
    ...Object.values(TEXT).filter((t) => t !== TEXT.gameChat),
    A.sessionId,
    B.sessionId,
    D.sessionId,
    `${A.name.toLowerCase()}@example.com`,
    `${B.name.toLowerCase()}@example.com`,
    clubOffer.data?.offerId as string,
    challenge.data?.offer.offerId as string,
    rematch.json.offerId as string,
    dailyChallenge.json.offerId as string,
  ];
  return {
    A,
    B,
    S,
    G,
    D,
    X,
    dId,
    club,
    finished,
    live: liveGame.gameId,
    publicOfferId: publicOffer.data?.offerId as string,
    clubOfferId: clubOffer.data?.offerId as string,
    challengeId: challenge.data?.offer.offerId as string,
    rematchId: rematch.json.offerId as string,
    daily,
    dailyOfferId: openDaily.json.offerId as string,
    dailyChallengeId: dailyChallenge.json.offerId as string,
    clubMatchId: clubMatch.json.matchId as string,
    importId: imported.json.importId as string,
    puzzleId: puzzleId as number,
    arenaId: arena.json.id as string,
    secrets,
  };
}

/** Everything A (and the people around A) can see of A's world; compared before and after the sweep. */
async function observe() {
  const get = async (p: Player, path: string) => {
    const res = await as(p, "GET", path);
    return { status: res.status, json: res.json as unknown };
  };
  const q = encodeURIComponent;
  const { A, B, D, club, live, finished } = w;
  const snapshot = (await A.emit<Record<string, unknown>>("resync", { gameId: live })).data ?? {};
  const lobby = (await A.emit<{ offers: Array<{ offerId: string }> }>("refreshLobby")).data;
  return {
    user: await get(A, "/user"),
    preferences: await get(A, "/user/preferences"),
    clubs: await get(A, "/club/list"),
    clubInvitations: await get(A, "/club/list-invitations"),
    members: await get(A, `/club/users?clubName=${q(club.name)}`),
    posts: await get(A, `/post/list?clubId=${club.id}`),
    events: await get(A, `/event/list?clubId=${club.id}`),
    clubBoard: await get(A, `/leaderboard/club?clubId=${club.id}`),
    friends: await get(A, "/friend/list"),
    friendInvites: await get(A, "/friend/list-invites"),
    messages: await get(A, `/friend/messages/${q(B.name)}`),
    unread: await get(A, "/friend/unread"),
    blocked: await get(A, "/friend/blocked"),
    history: await get(A, `/history/list/${q(A.name)}`),
    finishedGame: await get(A, `/history/${finished}`),
    bUnread: await get(B, "/friend/unread"),
    bClubs: await get(B, "/club/list"),
    dInvitations: await get(D, "/club/list-invitations"),
    dClubs: await get(D, "/club/list"),
    clubChat: (await A.emit("getChatHistory", { chatId: `club:${club.id}` })).data,
    gameChat: (await A.emit("getChatHistory", { chatId: live })).data,
    live: [snapshot.fen, snapshot.ply, snapshot.moves, snapshot.status, snapshot.eventNo],
    currentGame: (await A.emit("currentGame")).data,
    lobby: lobby?.offers.map((o) => o.offerId).sort(),
    dailyChallenges: await get(A, "/daily/challenges"),
    dailyMoves: ((await get(A, `/daily/game/${w.daily}`)).json as { moves: string[] }).moves,
    clubMatch: await get(A, `/club-matches/${w.clubMatchId}`),
  };
}

let before: Awaited<ReturnType<typeof observe>>;

beforeAll(async () => {
  w = await buildWorld();
  before = await observe();
}, 60_000);

// ---------------------------------------------------------------------------------------------------------
// Expectations

/** Refused: the status (HTTP) or code (socket), the area's message, no data; `ghost` says how the same
 * request about a thing that does not exist compares ("same" unless the thing is public anyway). */
interface Refused {
  refused: number | string;
  message?: string;
  ghost?: "same" | "differs";
}
/** Allowed: public to all, or the caller's own (which must not be A's). `check` looks at the answer. */
interface Allowed {
  allowed: "public" | "own";
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  check?: (answer: any) => void;
}
type Outcome = Refused | Allowed;
const isRefused = (o: Outcome): o is Refused => "refused" in o;

/** Sorted secrets found in `text`. */
const leaked = (text: string) => w.secrets.filter((s) => s && text.includes(s)).sort();

// ---------------------------------------------------------------------------------------------------------
// HTTP

/** How a caller identifies: a cookie (accounts), a Session-ID header (guests), or nothing. */
interface Caller {
  who: string;
  cookie?: string;
  sessionId?: string;
  name?: string;
}
interface Req {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}
interface RouteCase {
  /** "METHOD /path" exactly as registered in the *Routes.ts file. */
  route: string;
  what: string;
  req: (me: Caller) => Req;
  /** The same request about things that do not exist (`GHOST`) or cannot (`IMPOSSIBLE`). */
  ghost?: (me: Caller, g: Ghost) => Req;
  nobody?: Outcome;
  guest: Outcome;
  stranger: Outcome;
  /** The other party, acting for someone else. */
  party?: Array<{ who: "A" | "B" | "D"; what: string; outcome: Outcome }>;
  /** Needs a session of its own (logging out). */
  throwaway?: boolean;
}

const notLoggedIn: Refused = { refused: 401, message: MESSAGES.notLoggedIn };
const clubsNotLoggedIn: Refused = { refused: 401, message: CLUB_MESSAGES.notLoggedIn };
const unknownClub: Refused = { refused: 404, message: CLUB_MESSAGES.unknownClub };
/**
 * A and B take messages from friends only: a conversation with them is refused to others; for a name nobody has
 * it says so (names are public).
 */
const friendsOnly: Refused = { refused: 403, message: FRIEND_MESSAGES.messagesFriendsOnly, ghost: "differs" };
/** And challenges likewise. */
const challengesFriendsOnly: Refused = {
  refused: 403,
  message: FRIEND_MESSAGES.challengesFriendsOnly,
  ghost: "differs",
};
const unknownMatch: Refused = { refused: 404, message: CLUB_MATCH_MESSAGES.unknown };
const clubMatchNotAdmin: Refused = { refused: 403, message: CLUB_MATCH_MESSAGES.notAdmin };
const notInvitedAdmin: Refused = { refused: 403, message: CLUB_MATCH_MESSAGES.notInvitedAdmin };
const q = encodeURIComponent;

const routes: RouteCase[] = [
  // accounts
  {
    route: "POST /user/create",
    what: "sign up under A's name (names are public on profiles, so a taken one may say so)",
    req: () => ({
      path: "/user/create",
      body: { username: w.A.name, email: `x${tag}@example.com`, password: PASSWORD },
    }),
    guest: { refused: 409, message: MESSAGES.usernameTaken },
    stranger: { refused: 409, message: MESSAGES.usernameTaken },
  },
  {
    route: "POST /user/login",
    what: "log in as A with a wrong password: the same answer as for a name nobody has",
    req: () => ({ path: "/user/login", body: { username: w.A.name, password: "wrong password" } }),
    ghost: (_, g) => ({ path: "/user/login", body: { username: g.user, password: "wrong password" } }),
    guest: { refused: 401, message: MESSAGES.badCredentials },
    stranger: { refused: 401, message: MESSAGES.badCredentials },
  },
  {
    route: "POST /user/logout",
    what: "log out ends the caller's own session only",
    req: () => ({ path: "/user/logout" }),
    throwaway: true,
    guest: { allowed: "own" },
    stranger: { allowed: "own" },
  },
  {
    route: "GET /user",
    what: "the current user is the caller",
    req: () => ({ path: "/user" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (u) => expect(u.username).toBe(w.S.name) },
  },
  {
    route: "POST /user/password",
    what: "change a password: only the caller's own (no field names another account), and only knowing it",
    req: () => ({ path: "/user/password", body: { currentPassword: "wrong password", newPassword: "another horse" } }),
    guest: notLoggedIn,
    stranger: { refused: 401, message: MESSAGES.wrongCurrentPassword },
  },
  {
    route: "POST /user/close",
    what: "close an account: only the caller's own (no field names another account), and only knowing its password",
    req: () => ({ path: "/user/close", body: { password: "wrong password" } }),
    guest: notLoggedIn,
    stranger: { refused: 401, message: MESSAGES.wrongCurrentPassword },
  },
  {
    route: "GET /user/status/:username",
    what: "whether A's account is closed (public, as profiles are)",
    req: () => ({ path: `/user/status/${q(w.A.name)}` }),
    ghost: (_, g) => ({ path: `/user/status/${q(g.user)}` }),
    guest: {
      allowed: "public",
      check: (s) => expect(s).toEqual({ username: w.A.name, closed: false, closedAt: null }),
    },
    stranger: { allowed: "public" },
  },
  {
    route: "GET /user/temp-username",
    what: "the name of the session in the Session-ID header",
    req: (me) => ({
      path: "/user/temp-username",
      headers: Object.fromEntries(me.sessionId ? [["session-id", me.sessionId]] : []),
    }),
    nobody: { refused: 400 },
    guest: { allowed: "own", check: (u) => expect(u.username).toBe(w.G.name) },
    stranger: { allowed: "own", check: (u) => expect(u.username).toBe(w.S.name) },
  },
  {
    route: "POST /user/guest-session",
    what: "keep the Session-ID header's guest in the browser's cookie (a cookie's session wins)",
    req: (me) => ({
      path: "/user/guest-session",
      headers: Object.fromEntries(me.sessionId ? [["session-id", me.sessionId]] : []),
    }),
    nobody: { refused: 401 },
    guest: { allowed: "own", check: (u) => expect(u).toMatchObject({ username: w.G.name, isGuest: true }) },
    stranger: { allowed: "own", check: (u) => expect(u).toMatchObject({ username: w.S.name, isGuest: false }) },
  },
  // preferences
  {
    route: "GET /user/preferences",
    what: "the caller's own preferences",
    req: () => ({ path: "/user/preferences" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (p) => expect(p.preferences.theme).toBe("system") },
  },
  {
    route: "PUT /user/preferences",
    what: "change the caller's own preferences (A's stay dark)",
    req: () => ({ path: "/user/preferences", body: { theme: "light" } }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (p) => expect(p.preferences.theme).toBe("light") },
  },
  // analysis
  {
    route: "GET /game/analysis/:gameId",
    what: "analysis of the finished A–B game (finished games are public)",
    req: () => ({ path: `/game/analysis/${w.finished}` }),
    ghost: (_, g) => ({ path: `/game/analysis/${q(g.id)}` }),
    guest: notLoggedIn,
    stranger: { allowed: "public", check: (a) => expect(Array.isArray(a)).toBe(true) },
  },
  {
    route: "GET /game/analysis/:gameId",
    what: "analysis of the live B–D game: nobody, not even a player, gets an engine mid-game",
    req: () => ({ path: `/game/analysis/${w.live}` }),
    guest: notLoggedIn,
    stranger: { refused: 409 },
    party: [{ who: "B", what: "B, who plays it", outcome: { refused: 409 } }],
  },
  {
    route: "GET /game/analysis/:gameId/progress",
    what: "progress of a game's analysis (public, like the game)",
    req: () => ({ path: `/game/analysis/${w.finished}/progress` }),
    ghost: (_, g) => ({ path: `/game/analysis/${q(g.id)}/progress` }),
    guest: notLoggedIn,
    stranger: { allowed: "public" },
  },
  {
    route: "POST /game/analysis/single-move",
    what: "one position on the caller's own analysis board",
    req: () => ({ path: "/game/analysis/single-move", body: { initialPosition: "start", moves: ["e2e4"] } }),
    guest: notLoggedIn,
    stranger: { allowed: "own" },
  },
  // clubs
  {
    route: "POST /club/create",
    what: "create a club under C's name (names are unique site-wide, so it says taken — and nothing more)",
    req: () => ({ path: "/club/create", body: { clubName: w.club.name } }),
    guest: clubsNotLoggedIn,
    stranger: { refused: 409, message: CLUB_MESSAGES.nameTaken },
  },
  {
    route: "GET /club/list",
    what: "the caller's clubs (not C)",
    req: () => ({ path: "/club/list" }),
    guest: clubsNotLoggedIn,
    stranger: { allowed: "own", check: (list) => expect(list).toEqual([]) },
  },
  {
    route: "GET /club/list-invitations",
    what: "the caller's invitations (not D's to C)",
    req: () => ({ path: "/club/list-invitations" }),
    guest: clubsNotLoggedIn,
    stranger: { allowed: "own", check: (list) => expect(list).toEqual([]) },
  },
  {
    route: "POST /club/handle-invitation",
    what: "accept an invitation to C (D's, not the caller's)",
    req: () => ({ path: "/club/handle-invitation", body: { clubId: w.club.id, accepted: true } }),
    ghost: (_, g) => ({ path: "/club/handle-invitation", body: { clubId: g.clubId, accepted: true } }),
    guest: clubsNotLoggedIn,
    stranger: { refused: 404, message: CLUB_MESSAGES.noInvitation },
    party: [
      {
        who: "B",
        what: "B, a member, accepting a second time",
        outcome: { refused: 404, message: CLUB_MESSAGES.noInvitation },
      },
    ],
  },
  {
    route: "POST /club/invite",
    what: "invite someone to C",
    req: (me) => ({ path: "/club/invite", body: { clubId: w.club.id, inviteeUsername: me.name ?? w.X.name } }),
    ghost: (me, g) => ({ path: "/club/invite", body: { clubId: g.clubId, inviteeUsername: me.name ?? w.X.name } }),
    guest: clubsNotLoggedIn,
    stranger: unknownClub,
    party: [
      {
        who: "B",
        what: "B, a member but not the administrator",
        outcome: { refused: 403, message: CLUB_MESSAGES.notAdmin, ghost: "differs" },
      },
      { who: "D", what: "D, invited but not a member", outcome: unknownClub },
    ],
  },
  {
    route: "GET /club/search",
    what: "clubs one may join (C takes members by invitation: never listed)",
    req: () => ({ path: `/club/search?q=${q(w.club.name)}` }),
    guest: clubsNotLoggedIn,
    stranger: { allowed: "own", check: (list) => expect(list).toEqual([]) },
  },
  {
    route: "POST /club/join",
    what: "join C, which takes members by invitation only",
    req: () => ({ path: "/club/join", body: { clubId: w.club.id } }),
    ghost: (_, g) => ({ path: "/club/join", body: { clubId: g.clubId } }),
    guest: clubsNotLoggedIn,
    stranger: unknownClub,
    party: [{ who: "B", what: "B, already a member", outcome: { refused: 409, ghost: "differs" } }],
  },
  {
    route: "GET /club/join-requests/waiting",
    what: "the requests waiting in the clubs the caller administers (never C's, run by A)",
    req: () => ({ path: "/club/join-requests/waiting" }),
    guest: clubsNotLoggedIn,
    stranger: { allowed: "own", check: (list) => expect(list).toEqual([]) },
  },
  {
    route: "GET /club/join-requests",
    what: "the requests to join C",
    req: () => ({ path: `/club/join-requests?clubId=${w.club.id}` }),
    ghost: (_, g) => ({ path: `/club/join-requests?clubId=${g.clubId}` }),
    guest: clubsNotLoggedIn,
    stranger: unknownClub,
    party: [
      {
        who: "B",
        what: "B, a member but not the administrator",
        outcome: { refused: 403, message: CLUB_MESSAGES.notAdmin, ghost: "differs" },
      },
      { who: "D", what: "D, invited but not a member", outcome: unknownClub },
    ],
  },
  {
    route: "POST /club/handle-join-request",
    what: "answer a request to join C",
    req: (me) => ({
      path: "/club/handle-join-request",
      body: { clubId: w.club.id, username: me.name ?? w.X.name, accept: true },
    }),
    ghost: (me, g) => ({
      path: "/club/handle-join-request",
      body: { clubId: g.clubId, username: me.name ?? w.X.name, accept: true },
    }),
    guest: clubsNotLoggedIn,
    stranger: unknownClub,
    party: [
      {
        who: "B",
        what: "B, a member but not the administrator",
        outcome: { refused: 403, message: CLUB_MESSAGES.notAdmin, ghost: "differs" },
      },
      { who: "D", what: "D, invited but not a member", outcome: unknownClub },
    ],
  },
  {
    route: "POST /club/settings",
    what: "open C to anyone",
    req: () => ({ path: "/club/settings", body: { clubId: w.club.id, joinPolicy: "open" } }),
    ghost: (_, g) => ({ path: "/club/settings", body: { clubId: g.clubId, joinPolicy: "open" } }),
    guest: clubsNotLoggedIn,
    stranger: unknownClub,
    party: [
      {
        who: "B",
        what: "B, a member but not the administrator",
        outcome: { refused: 403, message: CLUB_MESSAGES.notAdmin, ghost: "differs" },
      },
      { who: "D", what: "D, invited but not a member", outcome: unknownClub },
    ],
  },
  {
    route: "GET /club/users",
    what: "C's members",
    req: () => ({ path: `/club/users?clubName=${q(w.club.name)}` }),
    ghost: (_, g) => ({ path: `/club/users?clubName=${q(g.clubName)}` }),
    guest: clubsNotLoggedIn,
    stranger: unknownClub,
    party: [{ who: "D", what: "D, invited but not a member", outcome: unknownClub }],
  },
  {
    route: "POST /club/leave",
    what: "leave C",
    req: () => ({ path: "/club/leave", body: { clubId: w.club.id } }),
    ghost: (_, g) => ({ path: "/club/leave", body: { clubId: g.clubId } }),
    guest: clubsNotLoggedIn,
    stranger: unknownClub,
    party: [{ who: "D", what: "D, invited but not a member", outcome: unknownClub }],
  },
  {
    route: "GET /post/list",
    what: "C's posts",
    req: () => ({ path: `/post/list?clubId=${w.club.id}` }),
    ghost: (_, g) => ({ path: `/post/list?clubId=${g.clubId}` }),
    guest: clubsNotLoggedIn,
    stranger: unknownClub,
    party: [{ who: "D", what: "D, invited but not a member", outcome: unknownClub }],
  },
  {
    route: "POST /post/create",
    what: "post in C",
    req: () => ({ path: "/post/create", body: { clubId: w.club.id, text: "let me in" } }),
    ghost: (_, g) => ({ path: "/post/create", body: { clubId: g.clubId, text: "let me in" } }),
    guest: clubsNotLoggedIn,
    stranger: unknownClub,
    party: [{ who: "D", what: "D, invited but not a member", outcome: unknownClub }],
  },
  {
    route: "GET /event/list",
    what: "C's calendar",
    req: () => ({ path: `/event/list?clubId=${w.club.id}` }),
    ghost: (_, g) => ({ path: `/event/list?clubId=${g.clubId}` }),
    guest: clubsNotLoggedIn,
    stranger: unknownClub,
    party: [{ who: "D", what: "D, invited but not a member", outcome: unknownClub }],
  },
  {
    route: "POST /event/create",
    what: "add a note to C's calendar",
    req: () => ({ path: "/event/create", body: { clubId: w.club.id, title: "party", eventDate: "2031-04-06" } }),
    ghost: (_, g) => ({ path: "/event/create", body: { clubId: g.clubId, title: "party", eventDate: "2031-04-06" } }),
    guest: clubsNotLoggedIn,
    stranger: unknownClub,
    party: [{ who: "D", what: "D, invited but not a member", outcome: unknownClub }],
  },
  // history (public by design: SPEC §7 sends no credentials)
  {
    route: "GET /history/list/:username",
    what: "A's public game history",
    req: () => ({ path: `/history/list/${q(w.A.name)}` }),
    ghost: (_, g) => ({ path: `/history/list/${q(g.user)}` }),
    guest: { allowed: "public", check: (rows) => expect(rows.length).toBeGreaterThan(0) },
    stranger: { allowed: "public" },
  },
  {
    route: "GET /history/stats/:username",
    what: "A's public statistics",
    req: () => ({ path: `/history/stats/${q(w.A.name)}` }),
    ghost: (_, g) => ({ path: `/history/stats/${q(g.user)}` }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    route: "GET /history/ratings/:username",
    what: "A's public rating history",
    req: () => ({ path: `/history/ratings/${q(w.A.name)}` }),
    ghost: (_, g) => ({ path: `/history/ratings/${q(g.user)}` }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    route: "GET /history/:gameId/pgn",
    what: "the finished game as PGN",
    req: () => ({ path: `/history/${w.finished}/pgn` }),
    ghost: (_, g) => ({ path: `/history/${q(g.id)}/pgn` }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    route: "GET /history/:gameId",
    what: "the finished game's record",
    req: () => ({ path: `/history/${w.finished}` }),
    ghost: (_, g) => ({ path: `/history/${q(g.id)}` }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    route: "GET /history/:gameId",
    what: "the live game's record (spectating by link is public)",
    req: () => ({ path: `/history/${w.live}` }),
    guest: { allowed: "public", check: (g) => expect(g.status).toBe("active") },
    stranger: { allowed: "public" },
  },
  // leaderboards
  {
    route: "GET /leaderboard",
    what: "the global leaderboard",
    req: () => ({ path: "/leaderboard?gameVariant=standard&timeVariant=blitz" }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    route: "GET /leaderboard/overview",
    what: "every board's top players",
    req: () => ({ path: "/leaderboard/overview" }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    route: "GET /leaderboard/club",
    what: "C's leaderboard",
    req: () => ({ path: `/leaderboard/club?clubId=${w.club.id}&isClubElo=true` }),
    ghost: (_, g) => ({ path: `/leaderboard/club?clubId=${g.clubId}&isClubElo=true` }),
    guest: notLoggedIn,
    stranger: unknownClub,
    party: [{ who: "D", what: "D, invited but not a member", outcome: unknownClub }],
  },
  // friends
  {
    route: "POST /friend/send-request",
    what: "ask X to be friends (the caller's own request; X is not part of A's world)",
    req: () => ({ path: "/friend/send-request", body: { friendName: w.X.name } }),
    ghost: (_, g) => ({ path: "/friend/send-request", body: { friendName: g.user } }),
    guest: notLoggedIn,
    stranger: { allowed: "own" },
  },
  {
    route: "GET /friend/list-invites",
    what: "the caller's friend requests (not D's to A)",
    req: () => ({ path: "/friend/list-invites" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (list) => expect(list).toEqual([]) },
  },
  {
    route: "GET /friend/list-sent",
    what: "the caller's requests still waiting (not D's to A)",
    req: () => ({ path: "/friend/list-sent" }),
    guest: notLoggedIn,
    // The stranger's own request to X (the send-request row) may be there; nothing of A's world is.
    stranger: { allowed: "own", check: (list) => expect(JSON.stringify(list)).not.toContain(w.A.name) },
  },
  {
    route: "POST /friend/withdraw-request",
    what: "withdraw D's request to A",
    req: () => ({ path: "/friend/withdraw-request", body: { friendName: w.A.name } }),
    ghost: (_, g) => ({ path: "/friend/withdraw-request", body: { friendName: g.user } }),
    guest: notLoggedIn,
    stranger: { refused: 404, message: FRIEND_MESSAGES.noSentRequest },
    party: [
      {
        who: "B",
        what: "B, A's friend, withdrawing for D",
        outcome: { refused: 404, message: FRIEND_MESSAGES.noSentRequest },
      },
    ],
  },
  {
    route: "GET /friend/list",
    what: "the caller's friends (not A's)",
    req: () => ({ path: "/friend/list" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (list) => expect(list).toEqual([]) },
  },
  {
    route: "POST /friend/handle-request",
    what: "accept D's request, which was sent to A",
    req: () => ({ path: "/friend/handle-request", body: { inviterId: w.dId, accepted: true } }),
    ghost: (_, g) => ({ path: "/friend/handle-request", body: { inviterId: g.clubId, accepted: true } }),
    guest: notLoggedIn,
    stranger: { refused: 404, message: FRIEND_MESSAGES.noRequest },
    party: [
      {
        who: "B",
        what: "B, A's friend, answering for A",
        outcome: { refused: 404, message: FRIEND_MESSAGES.noRequest },
      },
    ],
  },
  {
    route: "GET /friend/messages/:friendName",
    what: "read the conversation with A",
    req: () => ({ path: `/friend/messages/${q(w.A.name)}` }),
    ghost: (_, g) => ({ path: `/friend/messages/${q(g.user)}` }),
    guest: notLoggedIn,
    stranger: friendsOnly,
    party: [{ who: "D", what: "D, who asked A to be friends", outcome: friendsOnly }],
  },
  {
    route: "GET /friend/messages/:friendName",
    what: "read the conversation with B (A–B's messages are A's and B's only)",
    req: () => ({ path: `/friend/messages/${q(w.B.name)}` }),
    ghost: (_, g) => ({ path: `/friend/messages/${q(g.user)}` }),
    guest: notLoggedIn,
    stranger: friendsOnly,
  },
  {
    route: "GET /friend/unread",
    what: "unread counts are the caller's own (there is no parameter naming whose)",
    req: () => ({ path: "/friend/unread" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (u) => expect(u).toEqual({ total: 0, byFriend: {} }) },
  },
  {
    route: "POST /friend/messages/:friendName/read",
    what: "mark what B sent A as read",
    req: () => ({ path: `/friend/messages/${q(w.B.name)}/read` }),
    ghost: (_, g) => ({ path: `/friend/messages/${q(g.user)}/read` }),
    guest: notLoggedIn,
    stranger: friendsOnly,
    party: [{ who: "D", what: "D marking A's messages from D's side", outcome: friendsOnly }],
  },
  {
    route: "GET /friend/contact/:friendName",
    what: "whether the caller may message and challenge A (A's settings are the reason, nothing of A's else)",
    req: () => ({ path: `/friend/contact/${q(w.A.name)}` }),
    guest: notLoggedIn,
    stranger: {
      allowed: "public",
      check: (c) =>
        expect(c).toMatchObject({
          canMessage: false,
          messageRefusal: FRIEND_MESSAGES.messagesFriendsOnly,
          canChallenge: false,
        }),
    },
  },
  {
    route: "GET /friend/blocked",
    what: "the caller's block list (not A's)",
    req: () => ({ path: "/friend/blocked" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (list) => expect(list).toEqual([]) },
  },
  {
    route: "POST /friend/block",
    what: "block X on the caller's own list",
    req: () => ({ path: "/friend/block", body: { friendName: w.X.name } }),
    ghost: (_, g) => ({ path: "/friend/block", body: { friendName: g.user } }),
    guest: notLoggedIn,
    stranger: { allowed: "own" },
  },
  {
    route: "POST /friend/unblock",
    what: "unblock X: undoes the caller's own block, never A's",
    req: () => ({ path: "/friend/unblock", body: { friendName: w.X.name } }),
    ghost: (_, g) => ({ path: "/friend/unblock", body: { friendName: g.user } }),
    guest: notLoggedIn,
    stranger: { allowed: "own" },
  },
  // jumpstart and the free board: public
  {
    route: "GET /game/random-position",
    what: "a jumpstart position (public: the lobby's free board)",
    req: () => ({
      path: "/game/random-position?lower_eval_limit=0&upper_eval_limit=5&lower_move_limit=10&upper_move_limit=10",
    }),
    guest: { allowed: "public", check: (p) => expect(typeof p.fen).toBe("string") },
    stranger: { allowed: "public" },
  },
  {
    route: "GET /game/shuffle-board",
    what: "a shuffled board (public)",
    req: () => ({ path: "/game/shuffle-board" }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  // games
  {
    route: "POST /game/offer-rematch",
    what: "offer a rematch of the finished A–B game",
    req: () => ({ path: "/game/offer-rematch", body: { previousGameId: w.finished } }),
    ghost: (_, g) => ({ path: "/game/offer-rematch", body: { previousGameId: g.id } }),
    nobody: { refused: 401, message: MESSAGES.unknownSession },
    guest: { refused: 404, message: "Game not found" },
    stranger: { refused: 404, message: "Game not found" },
  },
  {
    route: "POST /game/handle-rematch-offer",
    what: "accept A's rematch offer, which is B's to answer",
    req: () => ({ path: "/game/handle-rematch-offer", body: { offerId: w.rematchId, accept: true } }),
    ghost: (_, g) => ({ path: "/game/handle-rematch-offer", body: { offerId: g.id, accept: true } }),
    nobody: { refused: 401, message: MESSAGES.unknownSession },
    guest: { refused: 404, message: "This rematch offer is no longer available" },
    stranger: { refused: 404, message: "This rematch offer is no longer available" },
    party: [
      {
        who: "A",
        what: "A answering A's own offer for B",
        outcome: { refused: 404, message: "This rematch offer is no longer available" },
      },
    ],
  },
  // watch
  {
    route: "GET /watch/games",
    what: "the live games (public: players' names, ratings and positions)",
    req: () => ({ path: "/watch/games" }),
    ghost: (_, g) => ({ path: `/watch/games?cursor=${encodeURIComponent(g.id)}` }),
    guest: {
      allowed: "public",
      check: (l) => expect(l.games.map((g: { gameId: string }) => g.gameId)).toContain(w.live),
    },
    stranger: { allowed: "public" },
  },
  // daily
  {
    route: "GET /daily/offers",
    what: "the daily offers (public): A's open offer, never A's challenge to B",
    req: () => ({ path: "/daily/offers" }),
    guest: {
      allowed: "public",
      check: (l) => expect(l.map((o: { offerId: string }) => o.offerId)).toEqual([w.dailyOfferId]),
    },
    stranger: { allowed: "public" },
  },
  {
    route: "POST /daily/offers",
    what: "offer a daily game: the caller's own",
    req: () => ({ path: "/daily/offers", body: { days: 1 } }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (o) => expect(o.by).toBe(w.S.name) },
  },
  {
    route: "DELETE /daily/offers/:offerId",
    what: "withdraw A's daily offer",
    req: () => ({ path: `/daily/offers/${w.dailyOfferId}` }),
    ghost: (_, g) => ({ path: `/daily/offers/${q(g.id)}` }),
    guest: notLoggedIn,
    stranger: { refused: 404, message: "Offer not found" },
    party: [{ who: "B", what: "B", outcome: { refused: 404, message: "Offer not found" } }],
  },
  {
    route: "POST /daily/offers/:offerId/accept",
    what: "accept A's daily challenge to B",
    req: () => ({ path: `/daily/offers/${w.dailyChallengeId}/accept` }),
    ghost: (_, g) => ({ path: `/daily/offers/${q(g.id)}/accept` }),
    guest: notLoggedIn,
    stranger: { refused: 409, message: "This offer is no longer available" },
    party: [{ who: "D", what: "D", outcome: { refused: 409, message: "This offer is no longer available" } }],
  },
  {
    route: "POST /daily/offers/:offerId/decline",
    what: "decline A's daily challenge, which is B's to answer",
    req: () => ({ path: `/daily/offers/${w.dailyChallengeId}/decline` }),
    ghost: (_, g) => ({ path: `/daily/offers/${q(g.id)}/decline` }),
    guest: notLoggedIn,
    stranger: { refused: 404, message: "Challenge not found" },
    party: [{ who: "A", what: "A declining for B", outcome: { refused: 404, message: "Challenge not found" } }],
  },
  {
    route: "GET /daily/challenges",
    what: "the caller's own daily challenges",
    req: () => ({ path: "/daily/challenges" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (c) => expect(c).toEqual({ received: [], sent: [] }) },
  },
  {
    route: "POST /daily/challenges",
    what: "challenge A to a daily game (A takes challenges from friends only)",
    req: () => ({ path: "/daily/challenges", body: { days: 3, friendName: w.A.name } }),
    ghost: (_, g) => ({ path: "/daily/challenges", body: { days: 3, friendName: g.user } }),
    guest: notLoggedIn,
    stranger: challengesFriendsOnly,
    party: [{ who: "D", what: "D, who asked A to be friends", outcome: challengesFriendsOnly }],
  },
  {
    route: "POST /daily/rematch",
    what: "a rematch of the A–B daily game",
    req: () => ({ path: "/daily/rematch", body: { gameId: w.daily } }),
    ghost: (_, g) => ({ path: "/daily/rematch", body: { gameId: g.id } }),
    guest: notLoggedIn,
    stranger: { refused: 404, message: "Daily game not found" },
  },
  {
    route: "GET /daily/games",
    what: "the caller's own daily games",
    req: () => ({ path: "/daily/games" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (g) => expect(g).toEqual({ games: [], yourTurn: 0 }) },
  },
  {
    route: "GET /daily/game/:gameId",
    what: "the A–B daily game (public by link, as live games are), without the players' conditional lines",
    req: () => ({ path: `/daily/game/${w.daily}` }),
    ghost: (_, g) => ({ path: `/daily/game/${q(g.id)}` }),
    guest: { allowed: "public", check: (g) => expect([g.color, g.conditionals]).toEqual([null, undefined]) },
    stranger: { allowed: "public", check: (g) => expect([g.color, g.conditionals]).toEqual([null, undefined]) },
  },
  {
    route: "PUT /daily/game/:gameId/conditionals",
    what: "conditional lines in the A–B daily game",
    req: () => ({ path: `/daily/game/${w.daily}/conditionals`, body: { lines: [] } }),
    ghost: (_, g) => ({ path: `/daily/game/${q(g.id)}/conditionals`, body: { lines: [] } }),
    guest: notLoggedIn,
    stranger: { refused: 403, message: "You are not playing this game", ghost: "differs" },
  },
  {
    route: "GET /daily/vacation",
    what: "the caller's own vacation",
    req: () => ({ path: "/daily/vacation" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (v) => expect(v.onVacation).toBe(false) },
  },
  {
    route: "POST /daily/vacation",
    what: "go on vacation: the caller's own",
    req: () => ({ path: "/daily/vacation" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (v) => expect(v.onVacation).toBe(true) },
  },
  {
    route: "DELETE /daily/vacation",
    what: "end a vacation: the caller's own",
    req: () => ({ path: "/daily/vacation" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (v) => expect(v.onVacation).toBe(false) },
  },
  // analysis: variations are each player's own; imported games are public by link
  {
    route: "GET /game/analysis/:gameId/tree",
    what: "the caller's own variations of the finished A–B game",
    req: () => ({ path: `/game/analysis/${w.finished}/tree` }),
    ghost: (_, g) => ({ path: `/game/analysis/${q(g.id)}/tree` }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (t) => expect(t.tree).toEqual([]) },
  },
  {
    route: "PUT /game/analysis/:gameId/tree",
    what: "keep the caller's own (empty) variations of the finished A–B game",
    req: () => ({ path: `/game/analysis/${w.finished}/tree`, body: { tree: [] } }),
    ghost: (_, g) => ({ path: `/game/analysis/${q(g.id)}/tree`, body: { tree: [] } }),
    guest: notLoggedIn,
    stranger: { allowed: "own" },
  },
  {
    route: "POST /analysis/import",
    what: "import a game: the caller's own",
    req: () => ({ path: "/analysis/import", body: { pgn: "1. d4 d5 *" } }),
    guest: { allowed: "own" },
    stranger: { allowed: "own" },
  },
  {
    route: "GET /analysis/import/:importId",
    what: "A's imported game (public by link)",
    req: () => ({ path: `/analysis/import/${w.importId}` }),
    ghost: (_, g) => ({ path: `/analysis/import/${q(g.id)}` }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  // tournaments: C's club arena (A made it, B joined); lists, arenas and standings are public
  {
    route: "GET /tournaments",
    what: "the arenas (public)",
    req: () => ({ path: "/tournaments" }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    route: "POST /tournaments",
    what: "make an arena: the caller's own",
    req: () => ({ path: "/tournaments", body: { baseTime: 3, increment: 0, countdownMinutes: 60 } }),
    guest: notLoggedIn,
    stranger: { allowed: "own" },
  },
  {
    route: "GET /tournaments/:id",
    what: "C's club arena (public, as lichess's are)",
    req: () => ({ path: `/tournaments/${w.arenaId}` }),
    ghost: (_, g) => ({ path: `/tournaments/${q(g.id)}` }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    route: "GET /tournaments/:id/standings",
    what: "C's club arena's standings (public)",
    req: () => ({ path: `/tournaments/${w.arenaId}/standings` }),
    ghost: (_, g) => ({ path: `/tournaments/${q(g.id)}/standings` }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    route: "POST /tournaments/:id/join",
    what: "join C's club arena",
    req: () => ({ path: `/tournaments/${w.arenaId}/join` }),
    ghost: (_, g) => ({ path: `/tournaments/${q(g.id)}/join` }),
    guest: notLoggedIn,
    stranger: { refused: 403, message: TOURNAMENT_MESSAGES.clubOnly, ghost: "differs" },
  },
  {
    route: "POST /tournaments/:id/pause",
    what: "pause in C's club arena",
    req: () => ({ path: `/tournaments/${w.arenaId}/pause` }),
    ghost: (_, g) => ({ path: `/tournaments/${q(g.id)}/pause` }),
    guest: notLoggedIn,
    stranger: { refused: 409, message: TOURNAMENT_MESSAGES.notJoined, ghost: "differs" },
  },
  {
    route: "GET /tournaments/trophies/:username",
    what: "A's arena trophies (public)",
    req: () => ({ path: `/tournaments/trophies/${q(w.A.name)}` }),
    ghost: (_, g) => ({ path: `/tournaments/trophies/${q(g.user)}` }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  // puzzles: site-wide ones are public; a deck and its tries are the caller's own
  {
    route: "GET /puzzles/next",
    what: "the next puzzle for the caller",
    req: () => ({ path: "/puzzles/next" }),
    guest: { allowed: "own" },
    stranger: { allowed: "own" },
  },
  {
    route: "GET /puzzles/mine",
    what: "the caller's own deck",
    req: () => ({ path: "/puzzles/mine" }),
    guest: notLoggedIn,
    stranger: { allowed: "own", check: (deck) => expect(deck.puzzles).toEqual([]) },
  },
  {
    route: "GET /puzzles/:id",
    what: "a site-wide puzzle (public)",
    req: () => ({ path: `/puzzles/${w.puzzleId}` }),
    ghost: (_, g) => ({ path: `/puzzles/${g.clubId}` }),
    guest: { allowed: "public", check: (p) => expect(p.id).toBe(w.puzzleId) },
    stranger: { allowed: "public", check: (p) => expect(p.id).toBe(w.puzzleId) },
  },
  {
    route: "POST /puzzles/:id/attempt",
    what: "a try at a site-wide puzzle: the caller's own",
    req: () => ({ path: `/puzzles/${w.puzzleId}/attempt`, body: { moves: ["h5f7"] } }),
    ghost: (_, g) => ({ path: `/puzzles/${g.clubId}/attempt`, body: { moves: ["h5f7"] } }),
    nobody: { refused: 401 },
    guest: { allowed: "own", check: (r) => expect(r).toMatchObject({ solved: true, rated: false }) },
    stranger: { allowed: "own", check: (r) => expect(r.solved).toBe(true) },
  },
  // club matches: C (A) challenged D's club E; S belongs to neither, B is a member of C only
  {
    route: "POST /club-matches",
    what: "challenge E in C's name",
    req: () => ({ path: "/club-matches", body: { clubId: w.club.id, opponentClubId: w.club.id + 1, days: 3 } }),
    ghost: (_, g) => ({ path: "/club-matches", body: { clubId: g.clubId, opponentClubId: w.club.id, days: 3 } }),
    guest: notLoggedIn,
    stranger: unknownClub,
    party: [{ who: "B", what: "B, a member of C", outcome: { ...clubMatchNotAdmin, ghost: "differs" } }],
  },
  {
    route: "GET /club-matches",
    what: "C's club matches",
    req: () => ({ path: `/club-matches?clubId=${w.club.id}` }),
    ghost: (_, g) => ({ path: `/club-matches?clubId=${g.clubId}` }),
    guest: notLoggedIn,
    stranger: unknownClub,
  },
  {
    route: "GET /club-matches/:matchId",
    what: "the C–E match",
    req: () => ({ path: `/club-matches/${w.clubMatchId}` }),
    ghost: (_, g) => ({ path: `/club-matches/${q(g.id)}` }),
    guest: notLoggedIn,
    stranger: unknownMatch,
  },
  {
    route: "POST /club-matches/:matchId/accept",
    what: "accept the C–E match, which is E's administrator's to answer",
    req: () => ({ path: `/club-matches/${w.clubMatchId}/accept` }),
    ghost: (_, g) => ({ path: `/club-matches/${q(g.id)}/accept` }),
    guest: notLoggedIn,
    stranger: unknownMatch,
    party: [
      { who: "A", what: "A, the challenger", outcome: { ...notInvitedAdmin, ghost: "differs" } },
      { who: "B", what: "B, a member of C", outcome: { ...notInvitedAdmin, ghost: "differs" } },
    ],
  },
  {
    route: "POST /club-matches/:matchId/decline",
    what: "decline the C–E match",
    req: () => ({ path: `/club-matches/${w.clubMatchId}/decline` }),
    ghost: (_, g) => ({ path: `/club-matches/${q(g.id)}/decline` }),
    guest: notLoggedIn,
    stranger: unknownMatch,
    party: [{ who: "B", what: "B, a member of C", outcome: { ...notInvitedAdmin, ghost: "differs" } }],
  },
  {
    route: "POST /club-matches/:matchId/cancel",
    what: "call off the C–E match",
    req: () => ({ path: `/club-matches/${w.clubMatchId}/cancel` }),
    ghost: (_, g) => ({ path: `/club-matches/${q(g.id)}/cancel` }),
    guest: notLoggedIn,
    stranger: unknownMatch,
    party: [
      { who: "B", what: "B, a member of C", outcome: { ...clubMatchNotAdmin, ghost: "differs" } },
      { who: "D", what: "D, E's administrator", outcome: { ...clubMatchNotAdmin, ghost: "differs" } },
    ],
  },
  {
    route: "POST /club-matches/:matchId/join",
    what: "sign up for the C–E match",
    req: () => ({ path: `/club-matches/${w.clubMatchId}/join` }),
    ghost: (_, g) => ({ path: `/club-matches/${q(g.id)}/join` }),
    guest: notLoggedIn,
    stranger: unknownMatch,
  },
  {
    route: "POST /club-matches/:matchId/leave",
    what: "withdraw from the C–E match",
    req: () => ({ path: `/club-matches/${w.clubMatchId}/leave` }),
    ghost: (_, g) => ({ path: `/club-matches/${q(g.id)}/leave` }),
    guest: notLoggedIn,
    stranger: unknownMatch,
    party: [
      {
        who: "B",
        what: "B, not signed up",
        outcome: { refused: 409, message: CLUB_MATCH_MESSAGES.notJoined, ghost: "differs" },
      },
    ],
  },
  {
    route: "POST /club-matches/:matchId/start",
    what: "start the C–E match",
    req: () => ({ path: `/club-matches/${w.clubMatchId}/start` }),
    ghost: (_, g) => ({ path: `/club-matches/${q(g.id)}/start` }),
    guest: notLoggedIn,
    stranger: unknownMatch,
    party: [{ who: "B", what: "B, a member of C", outcome: { ...clubMatchNotAdmin, ghost: "differs" } }],
  },
  // the composition root
  {
    route: "GET /health",
    what: "health (public: counts only)",
    req: () => ({ path: "/health" }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
];

/** Every route the server registers, read from the sources: a new route without a row fails the sweep. */

async function callerFor(kind: "nobody" | "guest" | "stranger" | "A" | "B" | "D", fresh: boolean): Promise<Caller> {
  if (kind === "nobody") return { who: "nobody" };
  if (kind === "guest") {
    if (!fresh) return { who: "a guest", sessionId: w.G.sessionId, name: w.G.name };
    const { socket, session } = await connect(app.url);
    socket.close();
    return { who: "a guest", sessionId: session.sessionId, name: session.username };
  }
  const p = kind === "stranger" ? w.S : w[kind];
  const who = kind === "stranger" ? "a stranger" : kind;
  if (!fresh) return { who, cookie: p.cookie, sessionId: p.sessionId, name: p.name };
  const login = await http(app.url, "POST", "/user/login", { body: { username: p.name, password: PASSWORD } });
  const sessionId = String(login.json.sessionId);
  return { who, cookie: `sid=${sessionId}`, sessionId, name: p.name };
}

async function send(me: Caller, r: Req, method: string) {
  const headers: Record<string, string> = {};
  if (me.cookie) headers.cookie = me.cookie;
  else if (me.sessionId) headers["session-id"] = me.sessionId;
  return http(app.url, method, r.path, { body: r.body, headers: { ...headers, ...r.headers } });
}

async function expectHttp(row: RouteCase, me: Caller, outcome: Outcome, outsider: boolean) {
  const method = row.route.split(" ")[0] as string;
  let res = await send(me, row.req(me), method);
  // A jumpstart search that runs out of time on a busy machine answers "no position, try again"; a player
  // asks again, and so does the sweep (it is about who may ask, not about the search's speed).
  for (let i = 0; i < 4 && res.status === 503 && res.json?.code === "no_position"; i++) {
    res = await send(me, row.req(me), method);
  }
  const label = `${row.route} (${row.what}) as ${me.who} → ${res.status} ${res.text.slice(0, 200)}`;
  if (outsider) expect(leaked(res.text), label).toEqual([]);
  if (row.ghost && me.who === "a stranger") {
    const impossible = await send(me, row.ghost(me, IMPOSSIBLE), method);
    const answer = `${label}: about a thing that cannot exist → ${impossible.status} ${impossible.text.slice(0, 200)}`;
    expect(impossible.status, answer).toBeGreaterThanOrEqual(400);
    expect(impossible.status, answer).toBeLessThan(500);
    expect(Object.keys(impossible.json ?? {}).sort(), answer).toEqual(["code", "message"]);
  }
  if (!isRefused(outcome)) {
    expect([200, 201], label).toContain(res.status);
    outcome.check?.(res.json);
    return;
  }
  expect(res.status, label).toBe(outcome.refused);
  if (outcome.message) expect(res.json?.message, label).toBe(outcome.message);
  expect(Object.keys(res.json ?? {}).sort(), `${label}: an error and nothing else`).toEqual(["code", "message"]);
  if (row.ghost && outcome.ghost !== "differs") {
    const ghost = await send(me, row.ghost(me, GHOST), method);
    const same = `${label}: the same as for a thing that does not exist`;
    expect({ status: ghost.status, body: ghost.json }, same).toEqual({ status: res.status, body: res.json });
  }
}

describe("the access sweep over HTTP", () => {
  it("has a row for every route the server registers", () => {
    expect([...new Set(routes.map((r) => r.route))].sort()).toEqual(registeredRoutes());
  });

  it.each(routes.map((r) => [`${r.route}: ${r.what}`, r] as const))("%s", async (_name, row) => {
    for (const kind of ["nobody", "guest", "stranger"] as const) {
      const outcome = kind === "nobody" ? (row.nobody ?? row.guest) : row[kind];
      await expectHttp(row, await callerFor(kind, row.throwaway === true), outcome, true);
    }
    for (const p of row.party ?? []) {
      await expectHttp(
        { ...row, what: `${row.what}, by ${p.what}` },
        await callerFor(p.who, false),
        p.outcome,
        isRefused(p.outcome),
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Socket events

interface EventCase {
  event: string;
  what: string;
  payload?: () => unknown;
  ghost?: (g: Ghost) => unknown;
  guest: Outcome;
  stranger: Outcome;
  party?: Array<{ who: "A" | "B" | "D"; what: string; outcome: Outcome }>;
}

const loginFirst: Refused = { refused: "unauthorized", message: "Log in to do this" };
/** Games are public by link (watch), so acting in one says no more than watching it: "no_game" vs "forbidden". */
const notPlaying: Refused = { refused: "forbidden", message: "You are not playing this game", ghost: "differs" };
const liveAction = (event: string, what: string, party?: EventCase["party"]): EventCase => ({
  event,
  what,
  payload: () => ({ gameId: w.live }),
  ghost: (g) => ({ gameId: g.id }),
  guest: notPlaying,
  stranger: notPlaying,
  ...(party ? { party } : {}),
});
const offerGone: Refused = { refused: "gone", message: "This offer is no longer available" };
const offerNotFound: Refused = { refused: "not_found", message: "Offer not found" };
const challengeNotFound: Refused = { refused: "not_found", message: "Challenge not found" };
const rematchGone: Refused = { refused: "not_found", message: "This rematch offer is no longer available" };
const chatForbidden = (verb: "write" | "read"): Refused => ({
  refused: "forbidden",
  message: verb === "write" ? "You cannot write in this chat" : "You cannot read this chat",
});
const clubChat = () => `club:${w.club.id}`;
const lobbyIds = (lobby: { offers: Array<{ offerId: string }> }) => lobby.offers.map((o) => o.offerId);

const events: EventCase[] = [
  {
    event: "refreshLobby",
    what: "the lobby shows A's public offer, never the club offer or the challenge to B",
    guest: { allowed: "public", check: (l) => expect(lobbyIds(l)).toEqual([w.publicOfferId]) },
    stranger: { allowed: "public", check: (l) => expect(lobbyIds(l)).toEqual([w.publicOfferId]) },
  },
  {
    event: "createGameOffer",
    what: "offer a game in club C",
    payload: () => ({ baseTime: 5, increment: 0, clubId: w.club.id }),
    ghost: (g) => ({ baseTime: 5, increment: 0, clubId: g.clubId }),
    guest: { refused: "forbidden", message: "You can only offer club games in your own clubs" },
    stranger: { refused: "forbidden", message: "You can only offer club games in your own clubs" },
    party: [
      {
        who: "D",
        what: "D, invited but not a member",
        outcome: { refused: "forbidden", message: "You can only offer club games in your own clubs" },
      },
    ],
  },
  {
    event: "acceptGameOffer",
    what: "accept A's club offer",
    payload: () => ({ offerId: w.clubOfferId }),
    ghost: (g) => ({ offerId: g.id }),
    guest: offerGone,
    stranger: offerGone,
    party: [{ who: "D", what: "D, invited but not a member", outcome: offerGone }],
  },
  {
    event: "acceptGameOffer",
    what: "accept A's challenge to B",
    payload: () => ({ offerId: w.challengeId }),
    ghost: (g) => ({ offerId: g.id }),
    guest: offerGone,
    stranger: offerGone,
  },
  {
    event: "cancelOffer",
    what: "cancel A's club offer",
    payload: () => ({ offerId: w.clubOfferId }),
    ghost: (g) => ({ offerId: g.id }),
    guest: offerNotFound,
    stranger: offerNotFound,
    party: [{ who: "B", what: "B, A's friend and a member of C", outcome: offerNotFound }],
  },
  {
    event: "cancelOffer",
    what: "cancel A's challenge to B",
    payload: () => ({ offerId: w.challengeId }),
    ghost: (g) => ({ offerId: g.id }),
    guest: offerNotFound,
    stranger: offerNotFound,
    party: [{ who: "B", what: "B, the one challenged (who may deny, not cancel)", outcome: offerNotFound }],
  },
  {
    event: "denyFriendChallenge",
    what: "deny A's challenge to B",
    payload: () => ({ offerId: w.challengeId }),
    ghost: (g) => ({ offerId: g.id }),
    guest: challengeNotFound,
    stranger: challengeNotFound,
    party: [{ who: "A", what: "A denying it for B", outcome: challengeNotFound }],
  },
  {
    event: "move",
    what: "move for White in the live B–D game",
    payload: () => ({ gameId: w.live, move: { from: "g1", to: "f3" }, ply: 2 }),
    ghost: (g) => ({ gameId: g.id, move: { from: "g1", to: "f3" }, ply: 2 }),
    guest: notPlaying,
    stranger: notPlaying,
    party: [
      {
        who: "D",
        what: "D (Black) moving White's knight",
        outcome: { refused: "not_your_turn", message: "Invalid move - not your turn", ghost: "differs" },
      },
    ],
  },
  liveAction("forfeit", "resign the live B–D game"),
  liveAction("abort", "abort the live B–D game"),
  liveAction("offerDraw", "offer a draw in the live B–D game"),
  liveAction("acceptDraw", "accept D's draw offer", [
    {
      who: "D",
      what: "D accepting D's own offer for B",
      outcome: { refused: "no_offer", message: "There is no draw offer to accept", ghost: "differs" },
    },
  ]),
  liveAction("declineDraw", "decline D's draw offer", [
    {
      who: "D",
      what: "D declining D's own offer for B",
      outcome: { refused: "no_offer", message: "There is no draw offer to decline", ghost: "differs" },
    },
  ]),
  liveAction("claimVictory", "claim the live B–D game"),
  liveAction("claimDraw", "claim a draw in the live B–D game"),
  liveAction("proposeTakeback", "propose a takeback in the live B–D game"),
  liveAction("acceptTakeback", "accept a takeback in the live B–D game", [
    {
      who: "D",
      what: "D, its player, with no proposal from B",
      outcome: { refused: "no_offer", message: "There is no takeback proposal to accept", ghost: "differs" },
    },
  ]),
  liveAction("declineTakeback", "decline a takeback in the live B–D game", [
    {
      who: "D",
      what: "D, its player, with no proposal from B",
      outcome: { refused: "no_offer", message: "There is no takeback proposal to decline", ghost: "differs" },
    },
  ]),
  liveAction("takeback", "take back a move in the live B–D game", [
    {
      who: "D",
      what: "D, its player, in a game between people",
      outcome: {
        refused: "not_computer",
        message: "Takebacks are only allowed against the computer",
        ghost: "differs",
      },
    },
  ]),
  {
    // Nobody's thing to reach: a game against the computer is the caller's own. Asked from a position that
    // cannot be played, so that the sweep's players stay free of games for the rows after it.
    event: "playComputer",
    what: "start a game against the computer from an impossible position",
    payload: () => ({ level: 1, baseTime: 5, increment: 0, fen: "8/8/8/8/8/8/8/4K3 w - - 0 1" }),
    guest: { refused: "invalid_fen", message: "Invalid FEN: Black has no king" },
    stranger: { refused: "invalid_fen", message: "Invalid FEN: Black has no king" },
  },
  {
    event: "resync",
    what: "the live game, as a spectator (spectating by link is public)",
    payload: () => ({ gameId: w.live }),
    ghost: (g) => ({ gameId: g.id }),
    guest: { allowed: "public", check: (g) => expect(g.spectator).toBe(true) },
    stranger: { allowed: "public", check: (g) => expect([g.spectator, g.eloDeltas.winEloDelta]).toEqual([true, 0]) },
  },
  {
    event: "watch",
    what: "watch the live game (public)",
    payload: () => ({ gameId: w.live }),
    ghost: (g) => ({ gameId: g.id }),
    guest: { allowed: "public", check: (g) => expect(g.spectator).toBe(true) },
    stranger: { allowed: "public", check: (g) => expect(g.spectator).toBe(true) },
  },
  {
    // Says only where the caller's own page is: it can make the caller present at, or away from, their own
    // games alone (a stranger naming A's game is still only the stranger at a board).
    event: "board",
    what: "say which game's board the caller's page shows",
    payload: () => ({ gameId: w.live }),
    guest: { allowed: "own" },
    stranger: { allowed: "own" },
  },
  {
    event: "currentGame",
    what: "the caller's own current game",
    guest: { allowed: "own", check: (d) => expect(d).toEqual({ gameId: null, games: [] }) },
    stranger: { allowed: "own", check: (d) => expect(d).toEqual({ gameId: null, games: [] }) },
  },
  {
    event: "joinPool",
    what: "wait in a quick-pairing pool: the caller's own place, nobody else's",
    // Each with its own kind: the guest and the stranger are never paired with each other here.
    payload: () => ({ poolId: "120+60", mixed: false }),
    guest: { allowed: "own", check: (d) => expect(d).toEqual({ poolId: "120+60", mixed: false }) },
    stranger: { allowed: "own", check: (d) => expect(d).toEqual({ poolId: "120+60", mixed: false }) },
  },
  {
    event: "leavePool",
    what: "leave the caller's own pool (nobody can take another out)",
    payload: () => ({ poolId: "120+60" }),
    guest: { allowed: "own" },
    stranger: { allowed: "own" },
  },
  {
    event: "watchLobbyCounts",
    what: "the site's counts, and only the caller's own pool",
    guest: { allowed: "public", check: (d) => expect(d.myPool).toEqual({ poolId: null, mixed: false }) },
    stranger: { allowed: "public", check: (d) => expect(d.myPool).toEqual({ poolId: null, mixed: false }) },
  },
  {
    event: "unwatchLobbyCounts",
    what: "stop following the counts",
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    event: "cancelRematchOffer",
    what: "cancel A's rematch offer",
    payload: () => ({ offerId: w.rematchId }),
    ghost: (g) => ({ offerId: g.id }),
    guest: rematchGone,
    stranger: rematchGone,
    party: [{ who: "B", what: "B, to whom it was offered", outcome: rematchGone }],
  },
  {
    event: "chatMessage",
    what: "write in the live game's chat",
    payload: () => ({ text: "hello players", chatType: "game", chatId: w.live }),
    ghost: (g) => ({ text: "hello players", chatType: "game", chatId: g.id }),
    guest: chatForbidden("write"),
    stranger: chatForbidden("write"),
  },
  {
    event: "chatMessage",
    what: "write in C's chat",
    payload: () => ({ text: "hello club", chatType: "club", chatId: clubChat() }),
    ghost: (g) => ({ text: "hello club", chatType: "club", chatId: `club:${g.clubId}` }),
    guest: chatForbidden("write"),
    stranger: chatForbidden("write"),
    party: [{ who: "D", what: "D, invited but not a member", outcome: chatForbidden("write") }],
  },
  {
    event: "chatMessage",
    what: "write into C's chat labelled as global",
    payload: () => ({ text: "sneaky", chatType: "global", chatId: clubChat() }),
    ghost: (g) => ({ text: "sneaky", chatType: "global", chatId: `club:${g.clubId}` }),
    guest: chatForbidden("write"),
    stranger: chatForbidden("write"),
  },
  {
    event: "chatMessage",
    what: "write into C's chat labelled as a game",
    payload: () => ({ text: "sneaky", chatType: "game", chatId: clubChat() }),
    ghost: (g) => ({ text: "sneaky", chatType: "game", chatId: `club:${g.clubId}` }),
    guest: chatForbidden("write"),
    stranger: chatForbidden("write"),
  },
  {
    event: "chatMessage",
    what: "write in the lobby's global chat (public)",
    payload: () => ({ text: `hello lobby ${Math.random()}`, chatType: "global", chatId: "global" }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    event: "getChatHistory",
    what: "read the live game's chat as a spectator (public, like watching the game)",
    payload: () => ({ chatId: w.live }),
    ghost: (g) => ({ chatId: g.id }),
    guest: { allowed: "public", check: (h) => expect([h.spectator, h.messages.length]).toEqual([true, 1]) },
    stranger: { allowed: "public", check: (h) => expect(h.spectator).toBe(true) },
  },
  {
    event: "getChatHistory",
    what: "read C's chat",
    payload: () => ({ chatId: clubChat() }),
    ghost: (g) => ({ chatId: `club:${g.clubId}` }),
    guest: chatForbidden("read"),
    stranger: chatForbidden("read"),
    party: [{ who: "D", what: "D, invited but not a member", outcome: chatForbidden("read") }],
  },
  {
    event: "getChatHistory",
    what: "read the lobby's global chat (public)",
    payload: () => ({ chatId: "global" }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    event: "friendMessage",
    what: "message A, signed as B",
    payload: () => ({ message: "it's me, B", friendName: w.A.name, senderName: w.B.name }),
    ghost: (g) => ({ message: "it's me, B", friendName: g.user, senderName: w.B.name }),
    guest: loginFirst,
    stranger: { refused: "forbidden", message: FRIEND_MESSAGES.messagesFriendsOnly, ghost: "differs" },
    party: [
      {
        who: "D",
        what: "D, who asked A to be friends",
        outcome: { refused: "forbidden", message: FRIEND_MESSAGES.messagesFriendsOnly, ghost: "differs" },
      },
    ],
  },
  {
    event: "createFriendChallenge",
    what: "challenge A, who takes challenges from friends only",
    payload: () => ({ baseTime: 5, increment: 0, friendName: w.A.name }),
    ghost: (g) => ({ baseTime: 5, increment: 0, friendName: g.user }),
    guest: loginFirst,
    stranger: { refused: "forbidden", message: FRIEND_MESSAGES.challengesFriendsOnly, ghost: "differs" },
  },
  {
    event: "followWatchList",
    what: "follow the live games (public)",
    guest: {
      allowed: "public",
      check: (l) => expect(l.games.map((g: { gameId: string }) => g.gameId)).toContain(w.live),
    },
    stranger: { allowed: "public" },
  },
  {
    event: "unfollowWatchList",
    what: "stop following the live games",
    guest: { allowed: "own" },
    stranger: { allowed: "own" },
  },
  {
    event: "watchClub",
    what: "follow C's live events",
    payload: () => ({ clubId: w.club.id }),
    ghost: (g) => ({ clubId: g.clubId }),
    guest: { refused: "unauthorized", message: CLUB_MESSAGES.notLoggedIn },
    stranger: { refused: "not_found", message: CLUB_MESSAGES.unknownClub },
    party: [
      {
        who: "D",
        what: "D, invited but not a member",
        outcome: { refused: "not_found", message: CLUB_MESSAGES.unknownClub },
      },
    ],
  },
  ...(["dailyMove", "dailyResign", "dailyOfferDraw", "dailyDeclineDraw"] as const).map(
    (event): EventCase => ({
      event,
      what: "act in the A–B daily game",
      payload: () => ({ gameId: w.daily, ...(event === "dailyMove" ? { move: { from: "e7", to: "e5" } } : {}) }),
      ghost: (g) => ({ gameId: g.id, ...(event === "dailyMove" ? { move: { from: "e7", to: "e5" } } : {}) }),
      guest: { refused: "unauthorized", message: "Log in to play daily games" },
      stranger: { ...notPlaying },
      ...(event === "dailyMove"
        ? {
            party: [
              {
                who: "A" as const,
                what: "A moving B's piece",
                outcome: { refused: "not_your_turn", ghost: "differs" as const },
              },
            ],
          }
        : {}),
    }),
  ),
  {
    event: "followArena",
    what: "follow C's club arena (public, as its page is)",
    payload: () => ({ tournamentId: w.arenaId }),
    ghost: (g) => ({ tournamentId: g.id }),
    guest: { allowed: "public" },
    stranger: { allowed: "public" },
  },
  {
    event: "unfollowArena",
    what: "stop following an arena: the caller's own sockets",
    payload: () => ({ tournamentId: w.arenaId }),
    guest: { allowed: "own" },
    stranger: { allowed: "own" },
  },
  {
    event: "joinArena",
    what: "join C's club arena",
    payload: () => ({ tournamentId: w.arenaId }),
    ghost: (g) => ({ tournamentId: g.id }),
    guest: { refused: "unauthorized", message: TOURNAMENT_MESSAGES.notLoggedIn },
    stranger: { refused: "forbidden", message: TOURNAMENT_MESSAGES.clubOnly, ghost: "differs" },
  },
  {
    event: "pauseArena",
    what: "pause in C's club arena",
    payload: () => ({ tournamentId: w.arenaId }),
    ghost: (g) => ({ tournamentId: g.id }),
    guest: { refused: "unauthorized", message: TOURNAMENT_MESSAGES.notLoggedIn },
    stranger: { refused: "not_joined", message: TOURNAMENT_MESSAGES.notJoined, ghost: "differs" },
  },
  {
    event: "berserk",
    what: "berserk in the B–D game, an arena game of nobody's here",
    payload: () => ({ gameId: w.live }),
    ghost: (g) => ({ gameId: g.id }),
    guest: notPlaying,
    stranger: notPlaying,
  },
  {
    event: "followDaily",
    what: "follow the A–B daily game as a spectator (public by link)",
    payload: () => ({ gameId: w.daily }),
    ghost: (g) => ({ gameId: g.id }),
    guest: { allowed: "public", check: (g) => expect([g.color, g.conditionals]).toEqual([null, undefined]) },
    stranger: { allowed: "public", check: (g) => expect([g.color, g.conditionals]).toEqual([null, undefined]) },
  },
  {
    event: "unfollowDaily",
    what: "stop following a daily game: the caller's own sockets",
    payload: () => ({ gameId: w.daily }),
    guest: { allowed: "own" },
    stranger: { allowed: "own" },
  },
  {
    event: "followDailyOffers",
    what: "follow the daily offers: A's public one, never the challenge",
    guest: {
      allowed: "public",
      check: (l) => expect(l.map((o: { offerId: string }) => o.offerId)).toContain(w.dailyOfferId),
    },
    stranger: { allowed: "public" },
  },
  {
    event: "unfollowDailyOffers",
    what: "stop following the daily offers",
    guest: { allowed: "own" },
    stranger: { allowed: "own" },
  },
];

/** The client events of the shared protocol (its catalogue is typed against ClientToServerEvents). */
function protocolEvents(): string[] {
  return Object.keys(CLIENT_EVENTS).sort();
}

/** The sweep sends one socket more events than a window allows: a refusal for that alone is waited out. */
async function emitPaced(p: Player, event: string, payload: unknown) {
  const ack = await p.emit(event, payload);
  if (ack.ok || ack.code !== "rate_limited") return ack;
  await new Promise((r) => setTimeout(r, SOCKET_EVENT_LIMIT.windowMs + 100));
  return p.emit(event, payload);
}

async function expectAck(row: EventCase, p: Player, who: string, outcome: Outcome, outsider: boolean) {
  const payload = row.payload?.();
  const ack = await emitPaced(p, row.event, payload);
  const label = `${row.event} (${row.what}) as ${who} → ${JSON.stringify(ack).slice(0, 200)}`;
  if (outsider) expect(leaked(JSON.stringify(ack)), label).toEqual([]);
  if (row.ghost && who === "a stranger") {
    const impossible = await emitPaced(p, row.event, row.ghost(IMPOSSIBLE));
    const answer = `${label}: about a thing that cannot exist → ${JSON.stringify(impossible)}`;
    expect(impossible, answer).toEqual({ ok: false, code: expect.any(String), message: expect.any(String) });
    expect(impossible.code, answer).not.toBe("internal");
  }
  if (!isRefused(outcome)) {
    expect(ack.ok, label).toBe(true);
    outcome.check?.(ack.data);
    return;
  }
  expect(ack, label).toEqual({ ok: false, code: outcome.refused, message: outcome.message ?? expect.any(String) });
  if (row.ghost && outcome.ghost !== "differs") {
    expect(
      await emitPaced(p, row.event, row.ghost(GHOST)),
      `${label}: the same as for a thing that does not exist`,
    ).toEqual(ack);
  }
}

describe("the access sweep over the socket", () => {
  it("has a row for every client → server event of the protocol", () => {
    expect([...new Set(events.map((e) => e.event))].sort()).toEqual(protocolEvents());
  });

  it.each(events.map((e) => [`${e.event}: ${e.what}`, e] as const))("%s", { timeout: 60_000 }, async (_name, row) => {
    await expectAck(row, w.G, "a guest", row.guest, true);
    await expectAck(row, w.S, "a stranger", row.stranger, true);
    for (const p of row.party ?? []) {
      await expectAck({ ...row, what: `${row.what}, by ${p.what}` }, w[p.who], p.who, p.outcome, isRefused(p.outcome));
    }
  });
});

describe("the identity a socket gets", () => {
  it.each([
    ["an unknown session id", () => "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["a player's name for a session id", () => w.A.name],
    ["a session id holding a NUL", () => `${w.A.sessionId.slice(0, 10)}\u0000`],
    ["an overlong session id", () => "A".repeat(500)],
  ])("is a new guest for %s, never an error or someone else", async (_name, sessionId) => {
    const forged = sessionId();
    // A header cannot carry a NUL; the handshake's auth payload (JSON) can.
    const cookie = forged.includes("\u0000") ? {} : { cookie: `sid=${forged}` };
    const { socket, session } = await connect(app.url, { sessionId: forged, ...cookie });
    socket.close();
    expect(session.isGuest).toBe(true);
    expect(session.sessionId).not.toBe(forged);
    expect(leaked(JSON.stringify(session))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Afterwards

describe("after the sweep", () => {
  it("leaves A's world as it was", async () => {
    expect(await observe()).toEqual(before);
    // The session A logged in with is still good, whoever logged out meanwhile.
    expect((await as(w.A, "GET", "/user")).json.username).toBe(w.A.name);
  });

  it("lets nobody outside A's world hear what happens in it", async () => {
    const { A, B, D, club, live } = w;
    const chatId = `club:${club.id}`;
    const heard = Promise.all([
      B.next("chatMessage", 5000, (m) => m.chatId === chatId),
      B.next("chatMessage", 5000, (m) => m.chatId === live),
      B.next("friendMessage", 5000, (m) => m.message === `${TEXT.aToB}-later`),
    ]);
    expect((await A.emit("chatMessage", { text: `${TEXT.clubChat}-later`, chatType: "club", chatId })).ok).toBe(true);
    expect((await D.emit("chatMessage", { text: `${TEXT.gameChat}-later`, chatType: "game", chatId: live })).ok).toBe(
      true,
    );
    expect((await A.emit("friendMessage", { message: `${TEXT.aToB}-later`, friendName: B.name })).ok).toBe(true);
    expect((await as(A, "POST", "/post/create", { clubId: club.id, text: `${TEXT.post}-later` })).status).toBe(201);
    await heard;
    await new Promise((r) => setTimeout(r, 200));
    // D was invited to C, so D knows its name (from the invitation) and nothing else of it; D plays the
    // live game, so its chat is D's too. The stranger and the guest read that chat as spectators.
    for (const [who, p, knows] of [
      ["the stranger", w.S, []],
      ["the guest", w.G, []],
      ["D", w.D, [TEXT.clubName, TEXT.gameChat]],
      ["X", w.X, []],
    ] as const) {
      const received = leaked(JSON.stringify([...p.seen])).filter((s) => !(knows as readonly string[]).includes(s));
      expect(received, `${who} received`).toEqual([]);
      for (const e of ["clubPostCreated", "clubEventCreated", "friendMessage", "rematchOffered", "offerDraw"]) {
        expect(p.seen.get(e), `${who} received ${e}`).toBeUndefined();
      }
      const chats = (p.seen.get("chatMessage") ?? []) as Array<{ chatType: string }>;
      const spectates = p === D || p === w.S || p === w.G;
      expect(
        chats.filter((m) => m.chatType !== "global" && !(spectates && m.chatType === "game")),
        `${who} received chat`,
      ).toEqual([]);
    }
  });

  it("kept A's pending offers, rematch, challenge, invitation, request and draw offer for their owners", async () => {
    const { A, B, D } = w;
    expect((await A.emit("cancelRematchOffer", { offerId: w.rematchId })).ok).toBe(true);
    expect((await A.emit("cancelOffer", { offerId: w.clubOfferId })).ok).toBe(true);
    expect((await B.emit("denyFriendChallenge", { offerId: w.challengeId })).ok).toBe(true);
    expect((await as(D, "POST", "/club/handle-invitation", { clubId: w.club.id, accepted: false })).status).toBe(200);
    expect((await as(A, "POST", "/friend/handle-request", { inviterId: w.dId, accepted: false })).status).toBe(200);
    const over = D.next("gameOver");
    expect((await B.emit("acceptDraw", { gameId: w.live })).ok).toBe(true);
    expect((await over).winningColor).toBe("draw");
    for (const p of [w.A, w.B, w.S, w.G, w.D, w.X]) p.socket.close();
  });
});
