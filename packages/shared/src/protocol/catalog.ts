import { z } from "zod";
import { createFriendChallengePayload, friendMessagePayload } from "../api/friends.ts";
import { chatMessagePayload, getChatHistoryPayload } from "./chat.ts";
import { watchClubPayload } from "./clubs.ts";
import { playComputerPayload, takebackPayload } from "./computer.ts";
import { dailyGamePayload, dailyMovePayload } from "./daily.ts";
import type { ClientToServerEvents, ServerToClientEvents } from "./events.ts";
import {
  boardPayload,
  cancelRematchPayload,
  gameActionPayload,
  movePayload,
  resyncPayload,
  watchPayload,
} from "./game.ts";
import { cancelOfferPayload, createGameOfferPayload, offerIdPayload, refreshLobbyPayload } from "./lobby.ts";
import { joinPoolPayload, leavePoolPayload, lobbyCountsPayload } from "./pairing.ts";
import { arenaPayload, berserkPayload, followArenaPayload } from "./tournaments.ts";
import { followWatchListPayload } from "./watch.ts";

/** Events that take no payload accept none (or null), or an object they ignore (some clients always send `{}`). */
export const noPayload = z.undefined().or(z.null()).or(z.object({}).passthrough());

/** One client → server event as docs/PROTOCOL.md shows it. */
export interface ClientEventDoc {
  /** The schema the server parses the payload with: the one the server's event table uses. */
  payload: z.ZodType;
  /** What the acknowledgement's `data` carries on success (a type of this package), if anything. */
  ack?: string;
  /** What it does, and the events it causes. */
  does: string;
  /** Named in SPEC §7 (else an addition of ours). */
  spec: boolean;
}

/** One server → client event as docs/PROTOCOL.md shows it. */
export interface ServerEventDoc {
  /** The payload's type in this package. */
  payload: string;
  /** When it is sent, and to whom. */
  when: string;
  spec: boolean;
}

const action = (does: string, spec = true): ClientEventDoc => ({ payload: gameActionPayload, does, spec });

/**
 * Every client event, with the schema that validates it. Typed against ClientToServerEvents, so an event
 * added there without a row here (or a row for an event that does not exist) does not compile.
 */
export const CLIENT_EVENTS = {
  refreshLobby: {
    payload: refreshLobbyPayload,
    ack: "LobbyUpdate",
    does: "Joins the lobby and answers `updateLobby` with the offers the caller may see. Afterwards the caller gets `updateLobby` again after changes (at most every 250 ms), or `lobbyChanged` deltas if it sent `{changes: true}`.",
    spec: true,
  },
  createGameOffer: {
    payload: createGameOfferPayload,
    ack: "GameOffer",
    does: "Puts up an offer; answers `offerCreated`. It replaces the caller's open offer for the same audience (public, or one club). Refused while the caller plays a game.",
    spec: true,
  },
  createFriendChallenge: {
    payload: createFriendChallengePayload,
    ack: "{offer, isSuccessful}",
    does: "Challenges an online player (`friendName`): a friend, or anyone whose `challengesFrom` setting allows it, never across a block. The caller gets `friendChallengeCreated`, the player `friendChallengeReceived`.",
    spec: true,
  },
  acceptGameOffer: {
    payload: offerIdPayload,
    ack: "{gameId}",
    does: "Accepts an offer or a challenge: both players get `gameStarted`. Refused if the offer is gone or its creator is not connected.",
    spec: true,
  },
  cancelOffer: {
    payload: cancelOfferPayload,
    does: "Withdraws the caller's offer (`offerId`), or all of them with no payload.",
    spec: true,
  },
  denyFriendChallenge: {
    payload: offerIdPayload,
    does: "Turns a challenge down: both sides get `friendChallengeRemoved`.",
    spec: true,
  },
  move: {
    payload: movePayload,
    ack: "{ply, duplicate?}",
    does: "Plays a move in the caller's game: both players and spectators get `update` (or `gameOver`). Without `ply` it applies to the current position; with it, only to that ply, and a resend of the last move is answered as already applied.",
    spec: true,
  },
  forfeit: action(
    "Resigns the caller's game (aborts it before both sides moved, except an arena game, which it loses): `gameOver`.",
  ),
  offerDraw: action(
    "Offers a draw (the opponent gets `offerDraw`); after the opponent offered, accepts it. One offer per side every 20 plies.",
  ),
  acceptDraw: action("Accepts the opponent's draw offer: `gameOver`."),
  declineDraw: action("Declines the opponent's draw offer: they get `drawDeclined`.", false),
  abort: action(
    "Aborts the game before both sides moved: `gameOver`. Refused (`tournament`) in an arena game, which only its first-move time ends unplayed (and withdraws, as if paused, the player who did not move).",
    false,
  ),
  claimVictory: action("Claims the win once the opponent has been gone for the countdown (`opponentPresence`).", false),
  claimDraw: action(
    "Ends the game as a draw once the opponent has been gone for the countdown, instead of claiming the win.",
    false,
  ),
  proposeTakeback: {
    ...action(
      "In a game against a person: proposes to take back the caller's last move (and the opponent's reply, if they made one); the opponent gets `takebackProposed`. After the opponent proposed, accepts it (the ack then carries the ply left). Any move lets the proposal lapse; one proposal per side and position. Refused (`takebacks_off`) when the opponent takes no takebacks in this game (their `takebacks` preference: never, or only in casual games; the snapshot's `takesTakebacks` says), and in every arena game (as on lichess, tournaments take no takebacks). Against the computer, `takeback` takes back at once.",
      false,
    ),
    ack: "{ply}?",
  },
  acceptTakeback: {
    ...action(
      "Accepts the opponent's takeback proposal: their last move (and the caller's reply to it) go; players and spectators get `takenBack`.",
      false,
    ),
    ack: "{ply}",
  },
  declineTakeback: action("Declines the opponent's takeback proposal: they get `takebackDeclined`.", false),
  resync: {
    payload: resyncPayload,
    ack: "GameStarted",
    does: "The full state of a game (players see theirs, anyone else as a spectator), and follows it.",
    spec: false,
  },
  watch: {
    payload: watchPayload,
    ack: "GameStarted",
    does: "Follows a game as a spectator.",
    spec: false,
  },
  board: {
    payload: boardPayload,
    does: "Says which game's board this client shows its player (`gameId`), or `null` while it shows another page. A player none of whose clients shows their game's board is gone from it, as after a closed tab: the opponent gets `opponentPresence` and may claim after 10 s; showing it again brings them back. `auth.board` says the same when the socket connects. A client that never says is at its player's board while connected (the spec's clients).",
    spec: false,
  },
  currentGame: {
    payload: noPayload,
    ack: "{gameId} & LiveGames",
    does: "The games the caller is playing now (the same list `liveGames` brings on connect).",
    spec: false,
  },
  cancelRematchOffer: {
    payload: cancelRematchPayload,
    does: "Withdraws the caller's rematch offer: the opponent gets `rematchOfferCancelled`.",
    spec: true,
  },
  playComputer: {
    payload: playComputerPayload,
    ack: "{gameId}",
    does: 'Starts an unrated game against Stockfish at `level` 1-8 (guests too), from the start or from `fen` (one with Chess960 castling rights, rook files as in Shredder-FEN, is played as Chess960, variant `fun`): the caller gets `gameStarted` with the opponent "Stockfish level N", and the computer answers each move. `baseTime` and `increment` are required, unless `untimed: true` asks for a game without a clock (then they are refused; the game\'s snapshots and updates say `untimed: true`). Refused while the caller plays a game, or for a bad position.',
    spec: false,
  },
  takeback: {
    payload: takebackPayload,
    ack: "{ply}",
    does: "Against the computer only: takes back the caller's last move and the computer's reply (just the move while the computer thinks). Players and spectators get `takenBack`.",
    spec: false,
  },
  chatMessage: {
    payload: chatMessagePayload,
    does: "Sends a chat line to the lobby (`global`), a game (`game`: only its players write; its players and the spectators who read it get it) or a club (`club`): everyone there gets `chatMessage`.",
    spec: true,
  },
  getChatHistory: {
    payload: getChatHistoryPayload,
    ack: "ChatHistory",
    does: "Answers `chatHistory` with the chat's recent lines, and follows the chat. Anyone may read a game's chat (`spectator: true` for those not playing it: read-only, without the lines of players they blocked).",
    spec: true,
  },
  friendMessage: {
    payload: friendMessagePayload,
    ack: "FriendMessage",
    does: "Sends a private message to a friend, or to anyone whose `messagesFrom` setting allows it (everyone by default; never across a block): both get `friendMessage`. Limits per sender: 20 in 10 s, 100 an hour to non-friends, 20 new conversations a day with non-friends.",
    spec: true,
  },
  watchClub: {
    payload: watchClubPayload,
    does: "Follows a club's live events (members only).",
    spec: false,
  },
  followWatchList: {
    payload: followWatchListPayload,
    ack: "WatchList",
    does: "Follows the live games (all, or one variant): answers the first page of GET /watch/games, then sends `watchList` with it again when it changed (checked every few seconds). Following another variant stops following the first.",
    spec: false,
  },
  unfollowWatchList: {
    payload: noPayload,
    does: "Stops following the live games.",
    spec: false,
  },
  joinPool: {
    payload: joinPoolPayload,
    ack: "PoolMembership",
    does: "Seeks a game in a quick-pairing pool (one of the 12 presets; standard, random colours, rated between accounts). Pairing runs in waves every few seconds by a rating range that widens with waiting; blocked players are never paired, guests and accounts meet (casual) unless either sends `mixed: false` (the default is `true`). A pair gets the usual `gameStarted`. An open lobby offer of the pool's time control (standard, public, by the caller's kind of player if `mixed: false`, no block either way) is taken at once, as if accepted: the ack then says `{poolId: null, reason: \"paired\"}`; one made while the caller waits is taken at the next wave. Moves the caller out of any other pool; every socket of the caller gets `poolChanged`. Refused while the caller plays a game, and rate-limited like offers.",
    spec: false,
  },
  leavePool: {
    payload: leavePoolPayload,
    does: "Leaves the caller's pool (or only `poolId`): `poolChanged` with `poolId: null`. Disconnecting the socket that joined, or starting another game, leaves too.",
    spec: false,
  },
  watchLobbyCounts: {
    payload: lobbyCountsPayload,
    ack: "LobbyCountsView",
    does: "Follows the lobby's counts: answers them with the caller's own pool, then sends `lobbyCounts` when they change (at most once a second).",
    spec: false,
  },
  unwatchLobbyCounts: {
    payload: lobbyCountsPayload,
    does: "Stops `lobbyCounts`.",
    spec: false,
  },
  dailyMove: {
    payload: dailyMovePayload,
    ack: "{ply}",
    does: "Plays a move in the caller's daily game: its followers and both players get `dailyMoved` (and the opponent, unless a conditional line of theirs answers at once, `dailyReminder`); a move that ends the game brings `dailyOver`. When the move matches one of the opponent's conditional lines the server plays their answer as another `dailyMoved` (`conditional: true`). With `ply`, only that ply is accepted (`resync` otherwise): of two moves sent for one position, one plays. A move ends the mover's vacation; it is refused while the game waits for an opponent on vacation.",
    spec: false,
  },
  dailyResign: {
    payload: dailyGamePayload,
    does: "Resigns a daily game (aborts it before both sides moved, but a club match game, which is lost): `dailyOver`.",
    spec: false,
  },
  dailyOfferDraw: {
    payload: dailyGamePayload,
    does: "Offers a draw in a daily game (the opponent gets `dailyDrawOffered`); after the opponent offered, accepts it (`dailyOver`). A move declines an offer.",
    spec: false,
  },
  dailyDeclineDraw: {
    payload: dailyGamePayload,
    does: "Declines the opponent's draw offer: both get `dailyDrawDeclined`.",
    spec: false,
  },
  followDaily: {
    payload: dailyGamePayload,
    ack: "DailyGame",
    does: "Follows a daily game (a player, or anyone as a spectator) on whichever server: answers its state, also sent as `dailyGame`, then `dailyMoved`, `dailyClock`, draw offers and `dailyOver` as they happen.",
    spec: false,
  },
  unfollowDaily: { payload: dailyGamePayload, does: "Stops following a daily game.", spec: false },
  followDailyOffers: {
    payload: noPayload,
    ack: "DailyOffer[]",
    does: "Follows the lobby's daily offers: answers GET /daily/offers's list (also sent as one `dailyOfferAdded` per offer, oldest first), then `dailyOfferAdded` and `dailyOfferRemoved` as offers come and go.",
    spec: false,
  },
  unfollowDailyOffers: { payload: noPayload, does: "Stops following the daily offers.", spec: false },
  followArena: {
    payload: followArenaPayload,
    ack: "ArenaView",
    does: "Follows an arena (its page is open): answers GET /tournaments/:id's view, then `arenaStandings` (at most once a second while it changes), `arenaStarted` and `arenaFinished`. A player who joined is paired only while one of their sockets follows the arena (lichess: only players on the page are paired). With `pairingOnly: true` (the page of the player's arena game) the socket keeps its player in the waves but gets none of those events, and the answer carries no view; following again without it brings them back.",
    spec: false,
  },
  unfollowArena: { payload: arenaPayload, does: "Stops following an arena.", spec: false },
  joinArena: {
    payload: arenaPayload,
    ack: "ArenaMe",
    does: "Joins an arena (its conditions checked), or rejoins it after a pause once the rejoin delay is over; also follows it. The caller's sockets get `arenaMe`; once it started, the player is paired at the next wave (`arenaPaired`, then the usual `gameStarted`).",
    spec: false,
  },
  pauseArena: {
    payload: arenaPayload,
    ack: "ArenaMe",
    does: "Pauses (withdraws from) an arena: the player keeps their points and is not paired until `joinArena` again (after lichess's rejoin delay); before the start, leaves it. A game being played goes on.",
    spec: false,
  },
  berserk: {
    payload: berserkPayload,
    does: "In an arena that allows it, halves the caller's clock (no increment) before their first move; a win of 14 plies or more then scores one more point. The game's players and spectators get `berserked`.",
    spec: false,
  },
} satisfies { [E in keyof ClientToServerEvents]-?: ClientEventDoc };

/** Every server event. Typed against ServerToClientEvents like CLIENT_EVENTS. */
export const SERVER_EVENTS = {
  session: { payload: "SessionEvent", when: "On connect: the socket's identity; store `sessionId`.", spec: true },
  updateLobby: {
    payload: "LobbyUpdate",
    when: "Answer to `refreshLobby`; then after lobby changes to watchers that did not ask for deltas, and to any watcher once a block between them and another player is made or lifted (the whole list again).",
    spec: true,
  },
  lobbyChanged: {
    payload: "LobbyChanged",
    when: "To lobby watchers that asked for deltas: offers added and removed, gathered over 100 ms.",
    spec: false,
  },
  offerCreated: { payload: "GameOffer", when: "To the creator of an offer.", spec: true },
  friendChallengeCreated: {
    payload: "{offer, isSuccessful, message?}",
    when: "To the challenger: whether the challenge went out.",
    spec: true,
  },
  friendChallengeReceived: { payload: "{offer, from}", when: "To the challenged friend.", spec: true },
  friendChallengeRemoved: { payload: "offerId (string)", when: "To both sides when a challenge goes.", spec: true },
  gameStarted: { payload: "GameStarted", when: "To every socket of both players when their game starts.", spec: true },
  liveGames: {
    payload: "LiveGames",
    when: "On connect, to every socket of an account or guest session: the games it is playing.",
    spec: false,
  },
  update: { payload: "GameUpdate", when: "To players and spectators after each move.", spec: true },
  gameOver: { payload: "GameOver", when: "To players and spectators when the game ends.", spec: true },
  offerDraw: { payload: "DrawOffered", when: "To the opponent of the player who offered a draw.", spec: true },
  drawDeclined: { payload: "{gameId}", when: "To the offerer when the draw offer is declined.", spec: false },
  takebackProposed: {
    payload: "TakebackProposed",
    when: "To the opponent of the player who proposed a takeback (a game against a person).",
    spec: false,
  },
  takebackDeclined: {
    payload: "{gameId}",
    when: "To the proposer when their takeback proposal is declined.",
    spec: false,
  },
  opponentPresence: {
    payload: "OpponentPresence",
    when: "To a player when the opponent leaves or comes back (the claim countdown).",
    spec: false,
  },
  clocksHeld: {
    payload: "ClocksHeld",
    when: "To players and spectators when the game's server cannot store moves (its database does not answer, or not within `STATEMENT_TIMEOUT_MS`): both clocks stand still from `since`, and moves are refused until `clocksResumed`. A snapshot says so too (`clocksHeld`).",
    spec: false,
  },
  clocksResumed: {
    payload: "ClocksResumed",
    when: "To players and spectators when the game's server stores moves again: the clocks run on from `timeLeft`; the `heldMs` they stood still count on neither.",
    spec: false,
  },
  takenBack: {
    payload: "TakenBack",
    when: "To players and spectators when moves were taken back (against the computer, or a takeback proposal accepted); resync.",
    spec: false,
  },
  rematchOffered: {
    payload: "RematchOffer",
    when: "To the opponent of the player who asked for a rematch.",
    spec: true,
  },
  rematchOfferSent: {
    payload: "RematchOffer",
    when: "To every tab and device of the player who asked for a rematch, so that each shows it as sent.",
    spec: false,
  },
  rematchOfferDeclined: {
    payload: "RematchOffer",
    when: "To the player whose rematch offer was declined.",
    spec: true,
  },
  rematchOfferCancelled: {
    payload: "RematchOffer",
    when: "To the opponent when a rematch offer is withdrawn, and to the offerer's tabs and devices.",
    spec: true,
  },
  chatMessage: { payload: "ChatMessage", when: "To everyone in the chat.", spec: true },
  chatHistory: { payload: "ChatHistory", when: "Answer to `getChatHistory`.", spec: true },
  friendMessage: { payload: "FriendMessage", when: "To both sides of a private message.", spec: true },
  friendRequestReceived: { payload: "FriendRequest", when: "To the invitee of a friend request.", spec: false },
  friendRequestWithdrawn: {
    payload: "FriendRequestWithdrawn",
    when: "To the invitee when the player who asked withdraws the request.",
    spec: false,
  },
  friendAdded: {
    payload: "FriendAdded",
    when: "To both players when a friend request is accepted (or two requests meet), each with the other's name.",
    spec: false,
  },
  friendRequestDenied: {
    payload: "FriendRequestDenied",
    when: "To both players when a friend request is denied, each with the other's name (no news: the lists change).",
    spec: false,
  },
  friendBlocked: {
    payload: "FriendBlocked",
    when: "To the blocker's sockets: the friendship and any request between the two are gone (the blocked player is not told).",
    spec: false,
  },
  friendAccountClosed: {
    payload: "FriendAccountClosed",
    when: "To the friends of a player who closed their account, and to the other side of its waiting friend requests: they are gone from the lists.",
    spec: false,
  },
  friendMessagesRead: {
    payload: "FriendMessagesRead",
    when: "To the reader's sockets: a conversation was read.",
    spec: false,
  },
  clubInvitationReceived: { payload: "ClubInvitation", when: "To the invitee of a club invitation.", spec: false },
  clubInvitationAnswered: {
    payload: "ClubInvitationAnswered",
    when: "To the invitee's sockets when they accept or decline a club invitation (any tab answered it).",
    spec: false,
  },
  clubPostCreated: { payload: "ClubPostCreated", when: "To a club's watchers.", spec: false },
  clubEventCreated: { payload: "ClubEventCreated", when: "To a club's watchers.", spec: false },
  clubMembersChanged: { payload: "ClubMembersChanged", when: "To a club's watchers.", spec: false },
  clubJoinRequested: {
    payload: "ClubJoinRequested",
    when: "To a club's administrator (every tab) when a player asks to join: the site's notice and badge (GET /club/join-requests/waiting).",
    spec: false,
  },
  clubJoinRequestAnswered: {
    payload: "ClubJoinRequestAnswered",
    when: "To a club's administrator (every tab) when a request to join was answered: it leaves the badge.",
    spec: false,
  },
  watchList: {
    payload: "WatchList",
    when: "To the sockets following the live games (`followWatchList`), when the first page changed.",
    spec: false,
  },
  lobbyCounts: {
    payload: "LobbyCounts",
    when: "To sockets that sent `watchLobbyCounts`, when the counts change, at most once a second.",
    spec: false,
  },
  poolChanged: {
    payload: "PoolMembership",
    when: "To every socket of a player when they join or leave a pool (left, paired, playing another game, gone).",
    spec: false,
  },
  eventRefused: {
    payload: "EventRefused",
    when: "To a socket whose event, sent without a callback, was refused: the error its ack would have had.",
    spec: false,
  },
  dailyGame: {
    payload: "DailyGame",
    when: "To a socket that sent `followDaily`; to every socket of both players when a daily game starts.",
    spec: false,
  },
  dailyMoved: {
    payload: "DailyMoved",
    when: "To a daily game's followers and both players' sockets, after each move (a conditional answer is one more).",
    spec: false,
  },
  dailyOver: { payload: "DailyOver", when: "To a daily game's followers and both players when it ends.", spec: false },
  dailyClock: {
    payload: "DailyClockChanged",
    when: "To a daily game's followers and both players when a vacation pauses or resumes its clock.",
    spec: false,
  },
  dailyDrawOffered: { payload: "DailyDrawOffered", when: "To the opponent of a player offering a draw.", spec: false },
  dailyDrawDeclined: { payload: "{gameId}", when: "To both players when a draw offer is declined.", spec: false },
  dailyReminder: {
    payload: "DailyReminder",
    when: "To a player: `yourTurn` when the opponent moved (not when a conditional line answered), `alarm` once 80 % of the time for a move is gone (not while the player follows the game).",
    spec: false,
  },
  dailyOfferAdded: {
    payload: "DailyOffer",
    when: "To followers of the daily offers: a new public offer (none of a player blocked either way by its owner).",
    spec: false,
  },
  dailyOfferRemoved: {
    payload: "DailyOfferRemoved",
    when: "To followers of the daily offers, and to both sides of a challenge, when an offer is taken, withdrawn or declined.",
    spec: false,
  },
  dailyChallenge: {
    payload: "DailyOffer",
    when: "To every socket of a player challenged to a daily game (a friend's challenge, or a rematch).",
    spec: false,
  },
  dailyVacation: {
    payload: "DailyVacation",
    when: "To every socket of a player whose vacation started or ended (by a move, a tab, or running out).",
    spec: false,
  },
  clubMatchChanged: {
    payload: "ClubMatchSummary",
    when: "To both clubs' rooms (`watchClub`) when a club match between them changes: challenged, answered, a sign-up, started, a game's result (the live score).",
    spec: false,
  },
  arenaStandings: {
    payload: "ArenaStandingsUpdate",
    when: "To an arena's followers, at most once a second while its standings change: the first page, the clubs of a battle and the top games (deeper pages: GET /tournaments/:id/standings).",
    spec: false,
  },
  arenaMe: {
    payload: "ArenaMe",
    when: "To every socket of a player when their own line in an arena changed (joined, paused, rejoined, a result, a new game).",
    spec: false,
  },
  arenaPaired: {
    payload: "ArenaPaired",
    when: "To every socket of both players when their next arena game starts; `gameStarted` follows as for any game.",
    spec: false,
  },
  arenaStarted: { payload: "ArenaStarted", when: "To an arena's followers and players when it starts.", spec: false },
  arenaFinished: {
    payload: "ArenaFinished",
    when: "To an arena's followers and players when it ends: the standings are frozen; games still running finish (rated) but do not count.",
    spec: false,
  },
  arenaResult: {
    payload: "ArenaResult",
    when: "To both players of an arena game when it ends: the points each scored and the rule behind them.",
    spec: false,
  },
  berserked: {
    payload: "Berserked",
    when: "To an arena game's players and spectators when a player berserks.",
    spec: false,
  },
} satisfies { [E in keyof ServerToClientEvents]-?: ServerEventDoc };

/** Error codes of acks, `eventRefused` and HTTP error bodies, and what each means. */
export const ERROR_CODES: Record<string, string> = {
  validation: "The payload or body is malformed; the message names the field.",
  bad_request: "The HTTP request itself is malformed (bad JSON, too large, wrong content type).",
  unknown_event: "No such client event (only with a callback; otherwise ignored).",
  rate_limited: "Too many events, attempts or messages; wait (HTTP: Retry-After).",
  unauthorized: "Needs a logged-in account.",
  forbidden: "Not allowed for the caller (someone else's club, game or chat).",
  not_found: "No such thing, or not one the caller may see.",
  internal: "A bug on our side; logged.",
  unavailable: "The database (or a variant) is not available; try again.",
  unsettled:
    "The database did not answer a write in time (`STATEMENT_TIMEOUT_MS`): it may yet be stored. Any game command can get it (a move, a resignation, an abort, a draw or takeback offer or answer). The game's clocks stand still (`clocksHeld`) until its server knows; what was stored then comes as its usual event (`update`, `gameOver`, `offerDraw`, `takenBack`...), and sending the same move again is safe (a resend of a stored move is answered as already applied).",
  restarting: "The node is stopping; ask again (HTTP 503, Retry-After).",
  busy: "The caller is already playing a game, or the engines are all busy.",
  too_many: "A limit of open offers or challenges is reached.",
  gone: "The offer is no longer available.",
  away: "The offer's creator is not connected right now.",
  own_offer: "One cannot accept one's own offer.",
  no_position: "A jumpstart start position could not be prepared; try again.",
  no_game: "The caller is not playing a game.",
  active: "A rematch of a game still being played.",
  offline: "The challenged friend is offline.",
  failed: "The challenge could not be made.",
  not_your_turn: "A move out of turn.",
  illegal: "An illegal move.",
  resync: "The move's `ply` is not the game's: resync.",
  over: "The game is over.",
  flagged: "The mover's time ran out.",
  pending: "The caller's own draw offer is waiting for an answer.",
  too_soon: "Too soon: a draw offer within 20 plies of the last, or a claim before the countdown ends.",
  too_late: "The game can no longer be aborted.",
  tournament: "Not in a tournament game: an arena's games cannot be aborted.",
  no_offer: "There is no draw offer to answer.",
  not_gone: "The opponent is still here.",
  duplicate: "The same chat line again.",
  invalid_fen: 'The position given is not a legal one to play from (the message begins "Invalid FEN:").',
  not_computer: "Takebacks are for games against the computer only.",
  nothing_to_take_back: "The caller has no move to take back.",
  analysis: "The analysis cannot be done (bad position, not finished, or a position of the caller's running game).",
  bad_days: "Days per move other than 1, 2, 3, 5, 7, 10 or 14.",
  your_turn: "Conditional moves wait for the opponent's move: it is the caller's turn.",
  too_many_lines: "More than 30 conditional lines.",
  line_too_long: "A conditional line of more than 30 plies.",
  line_too_short: "A conditional line needs the opponent's move and an answer.",
  bad_move: "A conditional ply that is not a move in UCI.",
  after_end: "A conditional ply after the game would be over.",
  conflict: "Taken (a username or e-mail); or two conditional lines answering one move differently.",
  on_vacation: "The caller is already on vacation.",
  no_vacation: "No vacation time is left.",
  not_on_vacation: "The caller is not on vacation.",
  opponent_on_vacation: "The daily game waits for an opponent on vacation.",
  blocked: "A player who blocked the caller, or whom the caller blocked.",
  already: "The caller has signed up for this club match already; or berserks a second time in one arena game.",
  not_joined: "The caller has not signed up for this club match; or pauses an arena they have not joined.",
  closed: "Sign-up for this club match is over (started, declined or cancelled).",
  not_invited: "The club match is no longer waiting for the challenged club's answer, or has not been accepted yet.",
  cannot_start: "A club match needs at least one player signed up for each club.",
  started: "The club match has started (or ended) already.",
  exists: "A daily game of that id was started already (a club match's start resumed).",
  not_arena: "Berserk in a game that is no arena's.",
  not_berserkable: "Berserk in an arena that does not allow it.",
  arena: "A rematch of an arena game: the arena pairs its players again by itself.",
  already_joined: "Joining an arena the caller already joined.",
  finished: "The arena is over.",
  conditions: "The caller does not meet the arena's entry conditions (rated games, rating range).",
  wait: "Rejoining an arena before the rejoin delay after a pause has passed.",
  settings: "Arena settings that cannot go together (a duration too short for 3 games, berserk with no base time...).",
};
