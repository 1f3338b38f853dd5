import type { z } from "zod";
import { randomPositionQuery } from "../domain/jumpstart.ts";
import { handleRematchBody, offerRematchBody } from "../protocol/game.ts";
import { changePasswordBody, closeAccountBody, createUserBody, loginBody } from "./accounts.ts";
import { importIdParams, importPgnBody, savedTreeBody, singleMoveBody } from "./analysis.ts";
import { clubMatchesQuery, clubMatchJoinBody, clubMatchParams, createClubMatchBody } from "./clubMatches.ts";
import {
  clubIdBody,
  clubIdQuery,
  clubNameQuery,
  clubSearchQuery,
  clubSettingsBody,
  createClubBody,
  createEventBody,
  createPostBody,
  handleInvitationBody,
  handleJoinRequestBody,
  inviteBody,
  joinClubBody,
} from "./clubs.ts";
import {
  dailyChallengeBody,
  dailyConditionalsBody,
  dailyOfferBody,
  dailyOfferParams,
  dailyRematchBody,
} from "./daily.ts";
import { friendNameBody, friendNameParams, handleFriendRequestBody, messagesQuery } from "./friends.ts";
import { gameVariantQuery, historyListQuery, usernameParams } from "./history.ts";
import { gameIdParams } from "./http.ts";
import { clubLeaderboardQuery, LEADERBOARD_OVERVIEW_TOP, leaderboardQuery } from "./leaderboards.ts";
import { preferencesUpdate } from "./preferences.ts";
import { puzzleAttemptBody, puzzleIdParams } from "./puzzles.ts";
import { createArenaBody, standingsQuery, tournamentParams } from "./tournaments.ts";
import { watchGamesQuery } from "./watch.ts";

/** Who may call a route: anyone, anyone with a session (guest or account), or a logged-in account. */
export type RouteAuth = "anyone" | "session" | "account";

/** One HTTP route as docs/PROTOCOL.md shows it; the schemas are the ones the route parses with. */
export interface RouteDoc {
  /** "METHOD /path" exactly as registered. */
  route: string;
  auth: RouteAuth;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** What a success carries (a type of this package, or a description). */
  returns: string;
  spec: boolean;
}

/** Every HTTP route the server registers; a server test holds this list to the registered routes. */
export const HTTP_ROUTES: RouteDoc[] = [
  { route: "POST /user/create", auth: "anyone", body: createUserBody, returns: "CreateUserResponse", spec: true },
  {
    route: "POST /user/login",
    auth: "anyone",
    body: loginBody,
    returns: "LoginResponse (sets the sid cookie)",
    spec: true,
  },
  { route: "POST /user/logout", auth: "session", returns: "{successMsg}", spec: true },
  { route: "GET /user", auth: "account", returns: "CurrentUser", spec: true },
  {
    route: "POST /user/password",
    auth: "account",
    body: changePasswordBody,
    returns: "{successMsg} (the account's other sessions are ended)",
    spec: false,
  },
  {
    route: "POST /user/close",
    auth: "account",
    body: closeAccountBody,
    returns:
      "{successMsg} (every session of the account ends; refused while it plays a live game; it leaves its clubs, friends, offers and the leaderboards)",
    spec: false,
  },
  {
    route: "GET /user/status/:username",
    auth: "anyone",
    params: usernameParams,
    returns: "AccountStatus (whether the account is closed)",
    spec: false,
  },
  {
    route: "GET /user/temp-username",
    auth: "session",
    returns: "TempUsernameResponse (Session-ID header)",
    spec: true,
  },
  {
    route: "POST /user/guest-session",
    auth: "session",
    returns:
      "GuestSessionResponse: keeps the Session-ID header's guest in the browser's http-only session cookie (unless the cookie already names a live session, which is answered instead), so every tab of the browser is that guest",
    spec: false,
  },
  { route: "GET /user/preferences", auth: "account", returns: "PreferencesAnswer", spec: false },
  {
    route: "PUT /user/preferences",
    auth: "account",
    body: preferencesUpdate,
    returns: "PreferencesAnswer",
    spec: false,
  },
  {
    route: "GET /game/random-position",
    auth: "anyone",
    query: randomPositionQuery,
    returns: "{fen}",
    spec: true,
  },
  { route: "GET /game/shuffle-board", auth: "anyone", returns: "{fen}", spec: true },
  {
    route: "POST /game/offer-rematch",
    auth: "session",
    body: offerRematchBody,
    returns: "OfferRematchResponse",
    spec: true,
  },
  {
    route: "POST /game/handle-rematch-offer",
    auth: "session",
    body: handleRematchBody,
    returns: "HandleRematchResponse",
    spec: true,
  },
  { route: "GET /history/:gameId", auth: "anyone", params: gameIdParams, returns: "GameRecord", spec: true },
  { route: "GET /history/:gameId/pgn", auth: "anyone", params: gameIdParams, returns: "PGN text", spec: false },
  {
    route: "GET /history/list/:username",
    auth: "anyone",
    params: usernameParams,
    query: historyListQuery,
    returns: "HistoryRow[]",
    spec: true,
  },
  {
    route: "GET /history/stats/:username",
    auth: "anyone",
    params: usernameParams,
    query: gameVariantQuery,
    returns: "Statistic[]",
    spec: true,
  },
  {
    route: "GET /history/ratings/:username",
    auth: "anyone",
    params: usernameParams,
    query: gameVariantQuery,
    returns: "RatingHistory",
    spec: false,
  },
  {
    route: "POST /game/analysis/single-move",
    auth: "account",
    body: singleMoveBody,
    returns: "AnalysisEntry[] (refused for positions of the caller's running game)",
    spec: true,
  },
  {
    route: "GET /game/analysis/:gameId",
    auth: "account",
    params: gameIdParams,
    returns: "AnalysisEntry[]",
    spec: true,
  },
  {
    route: "GET /game/analysis/:gameId/progress",
    auth: "account",
    params: gameIdParams,
    returns: "AnalysisProgress",
    spec: false,
  },
  {
    route: "GET /game/analysis/:gameId/tree",
    auth: "account",
    params: gameIdParams,
    returns: "SavedTreeResponse (the caller's own variations of the game; empty when none)",
    spec: false,
  },
  {
    route: "PUT /game/analysis/:gameId/tree",
    auth: "account",
    params: gameIdParams,
    body: savedTreeBody,
    returns:
      "{successMsg} (every move is replayed from the game's start; an empty tree keeps none; ≤ 128 KB, ≤ 2,000 moves)",
    spec: false,
  },
  {
    route: "POST /analysis/import",
    auth: "anyone",
    body: importPgnBody,
    returns:
      "ImportedGame (the `index`th game of the PGN stored; ≤ 1 MB, ≤ 100 games; a bad file or game is a 400 naming its line; 30 an hour per caller)",
    spec: false,
  },
  {
    route: "GET /analysis/import/:importId",
    auth: "anyone",
    params: importIdParams,
    returns: "ImportedGame (its analysis, variations and progress go by the game routes with importId as gameId)",
    spec: false,
  },
  {
    route: "GET /puzzles/next",
    auth: "anyone",
    returns: "NextPuzzle (near the caller's puzzle rating, never one the caller tried; puzzle null when none is left)",
    spec: false,
  },
  {
    route: "GET /puzzles/mine",
    auth: "account",
    returns: "PuzzleDeck (the account's own puzzles, from its analysed games' mistakes, with progress)",
    spec: false,
  },
  { route: "GET /puzzles/:id", auth: "anyone", params: puzzleIdParams, returns: "Puzzle", spec: false },
  {
    route: "POST /puzzles/:id/attempt",
    auth: "session",
    params: puzzleIdParams,
    body: puzzleAttemptBody,
    returns:
      "PuzzleAttemptResult (an account's first try moves its puzzle rating and the puzzle's; a guest's none; 30 a minute)",
    spec: false,
  },
  {
    route: "POST /club/create",
    auth: "account",
    body: createClubBody,
    returns: "{clubId, successMsg} (joinPolicy and description are additions; invite-only when absent)",
    spec: true,
  },
  { route: "GET /club/list", auth: "account", returns: "Club[]", spec: true },
  {
    route: "POST /club/handle-invitation",
    auth: "account",
    body: handleInvitationBody,
    returns: "{successMsg}",
    spec: true,
  },
  { route: "GET /club/list-invitations", auth: "account", returns: "ClubInvitation[]", spec: true },
  { route: "GET /club/users", auth: "account", query: clubNameQuery, returns: "ClubMember[]", spec: true },
  { route: "POST /club/leave", auth: "account", body: clubIdBody, returns: "{message}", spec: true },
  { route: "POST /club/invite", auth: "account", body: inviteBody, returns: "{successMsg}", spec: true },
  { route: "GET /club/search", auth: "account", query: clubSearchQuery, returns: "ClubSearchResult[]", spec: false },
  { route: "POST /club/join", auth: "account", body: joinClubBody, returns: "{successMsg, joined}", spec: false },
  { route: "GET /club/join-requests", auth: "account", query: clubIdQuery, returns: "ClubJoinRequest[]", spec: false },
  {
    route: "GET /club/join-requests/waiting",
    auth: "account",
    returns: "WaitingJoinRequest[] (every request waiting in the clubs the caller administers, oldest first)",
    spec: false,
  },
  {
    route: "POST /club/handle-join-request",
    auth: "account",
    body: handleJoinRequestBody,
    returns: "{successMsg}",
    spec: false,
  },
  { route: "POST /club/settings", auth: "account", body: clubSettingsBody, returns: "{successMsg}", spec: false },
  { route: "GET /post/list", auth: "account", query: clubIdQuery, returns: "Post[]", spec: true },
  { route: "POST /post/create", auth: "account", body: createPostBody, returns: "Post", spec: true },
  { route: "GET /event/list", auth: "account", query: clubIdQuery, returns: "ClubEvent[]", spec: true },
  { route: "POST /event/create", auth: "account", body: createEventBody, returns: "{id}", spec: true },
  { route: "POST /friend/send-request", auth: "account", body: friendNameBody, returns: "{successMsg}", spec: true },
  { route: "GET /friend/list-invites", auth: "account", returns: "FriendRequest[]", spec: true },
  { route: "GET /friend/list-sent", auth: "account", returns: "SentFriendRequest[]", spec: false },
  {
    route: "POST /friend/withdraw-request",
    auth: "account",
    body: friendNameBody,
    returns: "{successMsg}",
    spec: false,
  },
  { route: "GET /friend/list", auth: "account", returns: "Friend[]", spec: true },
  {
    route: "POST /friend/handle-request",
    auth: "account",
    body: handleFriendRequestBody,
    returns: "{successMsg}",
    spec: true,
  },
  {
    route: "GET /friend/messages/:friendName",
    auth: "account",
    params: friendNameParams,
    query: messagesQuery,
    returns: "FriendMessage[]",
    spec: true,
  },
  {
    route: "GET /friend/contact/:friendName",
    auth: "account",
    params: friendNameParams,
    returns: "ContactAnswer (whether the caller may message and challenge that player now, and why not)",
    spec: false,
  },
  { route: "GET /friend/unread", auth: "account", returns: "unread counts per correspondent", spec: false },
  {
    route: "POST /friend/messages/:friendName/read",
    auth: "account",
    params: friendNameParams,
    returns: "{friendName}",
    spec: false,
  },
  { route: "GET /friend/blocked", auth: "account", returns: "blocked names", spec: false },
  { route: "POST /friend/block", auth: "account", body: friendNameBody, returns: "{successMsg}", spec: false },
  { route: "POST /friend/unblock", auth: "account", body: friendNameBody, returns: "{successMsg}", spec: false },
  { route: "GET /leaderboard", auth: "anyone", query: leaderboardQuery, returns: "Leaderboard", spec: true },
  {
    route: "GET /leaderboard/overview",
    auth: "anyone",
    returns: `LeaderboardOverview (every variant and time class board with its number of ranked players and its top ${LEADERBOARD_OVERVIEW_TOP})`,
    spec: false,
  },
  {
    route: "GET /leaderboard/club",
    auth: "account",
    query: clubLeaderboardQuery,
    returns: "Leaderboard",
    spec: true,
  },
  {
    route: "GET /watch/games",
    auth: "anyone",
    query: watchGamesQuery,
    returns: "WatchList (live games: rated first by average rating, then games with an account, then guests')",
    spec: false,
  },
  {
    route: "POST /club-matches",
    auth: "account",
    body: createClubMatchBody,
    returns:
      "ClubMatchSummary (201; the administrator of `clubId` challenges `opponentClubId`; both clubs' rooms get `clubMatchChanged`)",
    spec: false,
  },
  {
    route: "GET /club-matches",
    auth: "account",
    query: clubMatchesQuery,
    returns: "ClubMatches (a club's matches, newest first, and its record; members only)",
    spec: false,
  },
  {
    route: "GET /club-matches/:matchId",
    auth: "account",
    params: clubMatchParams,
    returns: "ClubMatchView (members of either club)",
    spec: false,
  },
  {
    route: "POST /club-matches/:matchId/accept",
    auth: "account",
    params: clubMatchParams,
    returns: "ClubMatchSummary (the challenged club's administrator; sign-up opens)",
    spec: false,
  },
  {
    route: "POST /club-matches/:matchId/decline",
    auth: "account",
    params: clubMatchParams,
    returns: "ClubMatchSummary (the challenged club's administrator)",
    spec: false,
  },
  {
    route: "POST /club-matches/:matchId/cancel",
    auth: "account",
    params: clubMatchParams,
    returns: "ClubMatchSummary (the challenger's administrator, before the start)",
    spec: false,
  },
  {
    route: "POST /club-matches/:matchId/join",
    auth: "account",
    params: clubMatchParams,
    body: clubMatchJoinBody,
    returns: "ClubMatchSummary (a member of either club signs up for their club, before the start)",
    spec: false,
  },
  {
    route: "POST /club-matches/:matchId/leave",
    auth: "account",
    params: clubMatchParams,
    returns: "ClubMatchSummary (a signed-up player withdraws, before the start)",
    spec: false,
  },
  {
    route: "POST /club-matches/:matchId/start",
    auth: "account",
    params: clubMatchParams,
    returns:
      "ClubMatchSummary (either administrator, once each club has a player: rosters by daily rating, board n plays board n, two daily games per board; the players get `dailyGame`)",
    spec: false,
  },
  {
    route: "GET /tournaments",
    auth: "anyone",
    returns:
      "TournamentList (arenas starting soon, in progress, and recently finished; the site's hourly arenas among them)",
    spec: false,
  },
  {
    route: "POST /tournaments",
    auth: "account",
    body: createArenaBody,
    returns:
      "ArenaSummary (201). `conditions.clubId`: a club arena, made by the club's administrator, on the club's calendar; `recurrence` repeats it weekly or monthly. `clubBattle`: a battle between clubs, made by an administrator of one of them",
    spec: false,
  },
  {
    route: "GET /tournaments/:id",
    auth: "anyone",
    params: tournamentParams,
    returns: "ArenaView (the arena, the first page of standings, the caller's own line and whether they may join)",
    spec: false,
  },
  {
    route: "GET /tournaments/:id/standings",
    auth: "anyone",
    params: tournamentParams,
    query: standingsQuery,
    returns: "ArenaStandingsPage (10 rows a page)",
    spec: false,
  },
  {
    route: "POST /tournaments/:id/join",
    auth: "account",
    params: tournamentParams,
    returns: "ArenaMe (as the `joinArena` event; the player is paired while a socket of theirs follows the arena)",
    spec: false,
  },
  {
    route: "POST /tournaments/:id/pause",
    auth: "account",
    params: tournamentParams,
    returns: "ArenaMe (as the `pauseArena` event)",
    spec: false,
  },
  {
    route: "GET /tournaments/trophies/:username",
    auth: "anyone",
    params: usernameParams,
    returns: "ArenaTrophy[] (the player's podiums in finished arenas, latest first)",
    spec: false,
  },
  {
    route: "GET /daily/offers",
    auth: "anyone",
    returns: "DailyOffer[] (the lobby's daily list, newest first; a caller's blocked players' offers left out)",
    spec: false,
  },
  {
    route: "POST /daily/offers",
    auth: "account",
    body: dailyOfferBody,
    returns:
      "DailyOffer (201; followers of the offers get `dailyOfferAdded`). At most 10 open offers and challenges each",
    spec: false,
  },
  {
    route: "DELETE /daily/offers/:offerId",
    auth: "account",
    params: dailyOfferParams,
    returns: "{successMsg} (the caller's own offer or challenge; `dailyOfferRemoved`)",
    spec: false,
  },
  {
    route: "POST /daily/offers/:offerId/accept",
    auth: "account",
    params: dailyOfferParams,
    returns:
      "{gameId} (both players get `dailyGame`; a Chess960 setup or a jumpstart position is dealt now; refused for one's own offer, a blocked player's, or a challenge to someone else)",
    spec: false,
  },
  {
    route: "POST /daily/offers/:offerId/decline",
    auth: "account",
    params: dailyOfferParams,
    returns: "{successMsg} (a challenge to the caller; both sides get `dailyOfferRemoved`)",
    spec: false,
  },
  {
    route: "GET /daily/challenges",
    auth: "account",
    returns: "DailyChallenges (received and sent challenges and rematches)",
    spec: false,
  },
  {
    route: "POST /daily/challenges",
    auth: "account",
    body: dailyChallengeBody,
    returns: "DailyOffer (201; a friend, online or not, gets `dailyChallenge`)",
    spec: false,
  },
  {
    route: "POST /daily/rematch",
    auth: "account",
    body: dailyRematchBody,
    returns:
      "DailyOffer (201: a challenge to the opponent of a finished daily game, same days, colours swapped), or {gameId} when the opponent had already asked (the game starts)",
    spec: false,
  },
  {
    route: "GET /daily/games",
    auth: "account",
    returns: "DailyGames (the caller's daily games in progress, their turn first by time left, and how many)",
    spec: false,
  },
  {
    route: "GET /daily/game/:gameId",
    auth: "anyone",
    params: gameIdParams,
    returns: "DailyGame (a player also sees their conditional lines)",
    spec: false,
  },
  {
    route: "PUT /daily/game/:gameId/conditionals",
    auth: "account",
    params: gameIdParams,
    body: dailyConditionalsBody,
    returns:
      "{lines} as stored (lower-case UCI, duplicates dropped). Only while waiting for the opponent's move; at most 30 lines of at most 30 plies, each legal from the position; lines that share a start answer it alike",
    spec: false,
  },
  {
    route: "GET /daily/vacation",
    auth: "account",
    returns: "DailyVacation",
    spec: false,
  },
  {
    route: "POST /daily/vacation",
    auth: "account",
    returns:
      "DailyVacation (every daily game on the caller's turn pauses; opponents get `dailyClock`). 7 days at sign-up, 1 more on the 1st and 15th of each month, at most 30; each vacation uses at least a day",
    spec: false,
  },
  {
    route: "DELETE /daily/vacation",
    auth: "account",
    returns: "DailyVacation (the paused games resume, their deadlines moved by the time paused). Any move ends it too",
    spec: false,
  },
  {
    route: "GET /health",
    auth: "anyone",
    returns: "{status, database, redis, ...} (503 without a database)",
    spec: false,
  },
];
