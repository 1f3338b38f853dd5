import type { ClubMatchSummary } from "../api/clubMatches.ts";
import type { ClubInvitation } from "../api/clubs.ts";
import type { DailyGame, DailyOffer, DailyVacation } from "../api/daily.ts";
import type {
  FriendAccountClosed,
  FriendAdded,
  FriendBlocked,
  FriendMessage,
  FriendRequest,
  FriendRequestDenied,
  FriendRequestWithdrawn,
} from "../api/friends.ts";
import type { ArenaView } from "../api/tournaments.ts";
import type { WatchList } from "../api/watch.ts";
import type { ChatHistory, ChatMessage } from "./chat.ts";
import type {
  ClubEventCreated,
  ClubInvitationAnswered,
  ClubJoinRequestAnswered,
  ClubJoinRequested,
  ClubMembersChanged,
  ClubPostCreated,
} from "./clubs.ts";
import type { TakenBack } from "./computer.ts";
import type {
  DailyClockChanged,
  DailyDrawOffered,
  DailyMoved,
  DailyOfferRemoved,
  DailyOver,
  DailyReminder,
} from "./daily.ts";
import type { FriendMessagesRead } from "./friends.ts";
import type {
  BoardPayload,
  ClocksHeld,
  ClocksResumed,
  DrawOffered,
  GameOver,
  GameStarted,
  GameUpdate,
  LiveGames,
  OpponentPresence,
  RematchOffer,
  TakebackProposed,
} from "./game.ts";
import type { GameOffer, LobbyChanged, LobbyUpdate } from "./lobby.ts";
import type { LobbyCounts, LobbyCountsView, PoolMembership } from "./pairing.ts";
import type { SessionEvent } from "./session.ts";
import type {
  ArenaFinished,
  ArenaMe,
  ArenaPaired,
  ArenaResult,
  ArenaStandingsUpdate,
  ArenaStarted,
  Berserked,
} from "./tournaments.ts";

/** A refusal: a code to branch on ("not_found", "rate_limited", ...) and the text to show. */
export type Failure = { ok: false; code: string; message: string };
/** Acknowledgement of every client → server event (ARCHITECTURE §4). */
export type Ack<T = undefined> = { ok: true; data?: T } | Failure;
/** The refusal `{ ok: false, code, message }`: an error ack, or a service's answer that says why not. */
export const fail = (code: string, message: string): Failure => ({ ok: false, code, message });
export type AckFn<T = undefined> = (answer: Ack<T>) => void;

/** Handshake auth payload: `io(url, { auth: { sessionId } })`. */
export interface SocketAuth {
  sessionId?: string;
  /** As the `board` event: the game whose board this tab shows its player, or null; absent: any board. */
  board?: string | null;
}

/** Events the server emits (SPEC §7 received events, plus additions). */
export interface ServerToClientEvents {
  session: (payload: SessionEvent) => void;
  updateLobby: (payload: LobbyUpdate) => void;
  /** To watchers that asked for changes (refreshLobby {changes: true}): what was added and removed. */
  lobbyChanged: (payload: LobbyChanged) => void;
  offerCreated: (offer: GameOffer) => void;
  gameStarted: (game: GameStarted) => void;
  update: (update: GameUpdate) => void;
  gameOver: (over: GameOver) => void;
  offerDraw: (offer: DrawOffered) => void;
  /** The draw offer was declined or withdrawn by a move. */
  drawDeclined: (payload: { gameId: string }) => void;
  opponentPresence: (presence: OpponentPresence) => void;
  /** The game's server cannot store moves: both clocks stand still until `clocksResumed`. */
  clocksHeld: (held: ClocksHeld) => void;
  /** The game's server stores moves again: the clocks run on, the time held counted on neither. */
  clocksResumed: (resumed: ClocksResumed) => void;
  /** Moves were taken back (against the computer, or a proposal accepted): resync. */
  takenBack: (payload: TakenBack) => void;
  /** The opponent proposes to take back their last move (a game against a person). */
  takebackProposed: (proposal: TakebackProposed) => void;
  /** My takeback proposal was declined. */
  takebackDeclined: (payload: { gameId: string }) => void;
  /** On connect: the games this account (or guest session) is playing, from whichever tab or device. */
  liveGames: (payload: LiveGames) => void;
  rematchOffered: (offer: RematchOffer) => void;
  /** To the offerer's tabs and devices: their rematch offer is out (another of them made it). */
  rematchOfferSent: (offer: RematchOffer) => void;
  rematchOfferDeclined: (offer: RematchOffer) => void;
  rematchOfferCancelled: (offer: RematchOffer) => void;
  chatMessage: (message: ChatMessage) => void;
  chatHistory: (history: ChatHistory) => void;
  /** To the challenger: whether the challenge went out (SPEC §7). */
  friendChallengeCreated: (payload: { offer: GameOffer | null; isSuccessful: boolean; message?: string }) => void;
  /** To the challenged friend; answer with acceptGameOffer or denyFriendChallenge. */
  friendChallengeReceived: (payload: { offer: GameOffer; from: string }) => void;
  /** The challenge is gone (accepted, denied or cancelled): the offer id. */
  friendChallengeRemoved: (offerId: string) => void;
  friendMessage: (message: FriendMessage) => void;
  friendRequestReceived: (request: FriendRequest) => void;
  /** The request from `inviterId` to me was withdrawn. */
  friendRequestWithdrawn: (payload: FriendRequestWithdrawn) => void;
  /** A friend request was accepted: to both players, each told the other's name. */
  friendAdded: (payload: FriendAdded) => void;
  /** A friend request was denied: to both players, each told the other's name. */
  friendRequestDenied: (payload: FriendRequestDenied) => void;
  /** I blocked `friendName` (in this tab or another): no friendship or request with them is left. */
  friendBlocked: (payload: FriendBlocked) => void;
  /** `friendName` closed their account: no friendship or request with them is left. */
  friendAccountClosed: (payload: FriendAccountClosed) => void;
  clubInvitationReceived: (invitation: ClubInvitation) => void;
  /** I answered a club's invitation (in this tab or another): it waits no more; accepted, the club is mine. */
  clubInvitationAnswered: (payload: ClubInvitationAnswered) => void;
  /** My conversation with a friend was read (in this tab or another): its unread count is 0. */
  friendMessagesRead: (payload: FriendMessagesRead) => void;
  /** To a club's room (members who watch it). */
  clubPostCreated: (payload: ClubPostCreated) => void;
  clubEventCreated: (payload: ClubEventCreated) => void;
  clubMembersChanged: (payload: ClubMembersChanged) => void;
  clubJoinRequested: (payload: ClubJoinRequested) => void;
  clubJoinRequestAnswered: (payload: ClubJoinRequestAnswered) => void;
  /** To followers of the Watch list: its first page again, after live games changed. */
  watchList: (payload: WatchList) => void;
  /** To lobby-count watchers: players online, games in play, and each pool's waiting and playing (throttled). */
  lobbyCounts: (payload: LobbyCounts) => void;
  /** To every socket of a player: the pool they wait in now, or null and why they left it. */
  poolChanged: (payload: PoolMembership) => void;
  /** A client event sent without an acknowledgement callback was refused: the answer its ack would have had. */
  eventRefused: (payload: EventRefused) => void;
  /** A daily game as the receiver sees it: the answer to `followDaily`, and to both players when one starts. */
  dailyGame: (game: DailyGame) => void;
  /** A move in a daily game: to its followers and both players. */
  dailyMoved: (payload: DailyMoved) => void;
  /** A daily game ended: to its followers and both players. */
  dailyOver: (payload: DailyOver) => void;
  /** A daily game's clock paused or resumed by a vacation. */
  dailyClock: (payload: DailyClockChanged) => void;
  dailyDrawOffered: (payload: DailyDrawOffered) => void;
  dailyDrawDeclined: (payload: { gameId: string }) => void;
  /** Your turn, or the 80 % alarm, in a daily game. */
  dailyReminder: (payload: DailyReminder) => void;
  /** A public daily offer was made: to followers of the daily offers. */
  dailyOfferAdded: (offer: DailyOffer) => void;
  /** A daily offer or challenge is gone: to followers of the offers, and to both sides of a challenge. */
  dailyOfferRemoved: (payload: DailyOfferRemoved) => void;
  /** A daily challenge (or rematch) for the receiver. */
  dailyChallenge: (offer: DailyOffer) => void;
  /** The receiver's vacation changed (another tab, a move, or it ran out). */
  dailyVacation: (vacation: DailyVacation) => void;
  /** A club match of the receiver's club changed (challenged, answered, sign-ups, started, a game's result). */
  clubMatchChanged: (match: ClubMatchSummary) => void;
  /** An arena's first page of standings, to its followers, at most once a second. */
  arenaStandings: (payload: ArenaStandingsUpdate) => void;
  /** The receiver's own line in an arena changed. */
  arenaMe: (payload: ArenaMe) => void;
  /** The receiver's next arena game started: open it. */
  arenaPaired: (payload: ArenaPaired) => void;
  arenaStarted: (payload: ArenaStarted) => void;
  arenaFinished: (payload: ArenaFinished) => void;
  /** What an arena game just scored, to its two players. */
  arenaResult: (payload: ArenaResult) => void;
  /** A player of the game halved their clock. */
  berserked: (payload: Berserked) => void;
}

/** eventRefused: which event, and the error code and message its ack would have carried. */
export interface EventRefused {
  event: string;
  code: string;
  message: string;
}

/** Events the client emits. Each takes an optional acknowledgement callback. */
export interface ClientToServerEvents {
  refreshLobby: (payload?: unknown, ack?: AckFn<LobbyUpdate>) => void;
  createGameOffer: (payload: unknown, ack?: AckFn<GameOffer>) => void;
  acceptGameOffer: (payload: unknown, ack?: AckFn<{ gameId: string }>) => void;
  cancelOffer: (payload?: unknown, ack?: AckFn) => void;
  move: (payload: unknown, ack?: AckFn<{ ply: number; duplicate?: boolean }>) => void;
  forfeit: (payload?: unknown, ack?: AckFn) => void;
  offerDraw: (payload?: unknown, ack?: AckFn) => void;
  acceptDraw: (payload?: unknown, ack?: AckFn) => void;
  declineDraw: (payload?: unknown, ack?: AckFn) => void;
  abort: (payload?: unknown, ack?: AckFn) => void;
  claimVictory: (payload?: unknown, ack?: AckFn) => void;
  /** As claimVictory, for a draw (lichess's force draw). */
  claimDraw: (payload?: unknown, ack?: AckFn) => void;
  /** Against a person: proposes a takeback (accepts the opponent's, if they proposed first). */
  proposeTakeback: (payload?: unknown, ack?: AckFn<{ ply: number }>) => void;
  acceptTakeback: (payload?: unknown, ack?: AckFn<{ ply: number }>) => void;
  declineTakeback: (payload?: unknown, ack?: AckFn) => void;
  resync: (payload: unknown, ack?: AckFn<GameStarted>) => void;
  watch: (payload: unknown, ack?: AckFn<GameStarted>) => void;
  /** Which game's board this client shows its player now (null: none): a player away from it is gone. */
  board: (payload: BoardPayload, ack?: AckFn) => void;
  /** The game this player is in now, if any (another tab or device finds its game). */
  currentGame: (payload?: unknown, ack?: AckFn<{ gameId: string | null } & LiveGames>) => void;
  cancelRematchOffer: (payload: unknown, ack?: AckFn) => void;
  /** Starts a game against the computer. */
  playComputer: (payload: unknown, ack?: AckFn<{ gameId: string }>) => void;
  /** Takes back the caller's last move (and the computer's reply) in a game against the computer. */
  takeback: (payload: unknown, ack?: AckFn<{ ply: number }>) => void;
  chatMessage: (payload: unknown, ack?: AckFn) => void;
  getChatHistory: (payload: unknown, ack?: AckFn<ChatHistory>) => void;
  friendMessage: (payload: unknown, ack?: AckFn<FriendMessage>) => void;
  createFriendChallenge: (payload: unknown, ack?: AckFn<{ offer: GameOffer | null; isSuccessful: boolean }>) => void;
  denyFriendChallenge: (payload: unknown, ack?: AckFn) => void;
  /** Join a club's room for its live events; members only. */
  watchClub: (payload: unknown, ack?: AckFn) => void;
  /** Follow the Watch list (live games, best first): answers its first page, then `watchList` on changes. */
  followWatchList: (payload?: unknown, ack?: AckFn<WatchList>) => void;
  /** Stop following the Watch list. */
  unfollowWatchList: (payload?: unknown, ack?: AckFn) => void;
  /** Seek a game in a quick-pairing pool. */
  joinPool: (payload: unknown, ack?: AckFn<PoolMembership>) => void;
  leavePool: (payload?: unknown, ack?: AckFn) => void;
  /** Follow the lobby's counts (players online, games in play, pools). */
  watchLobbyCounts: (payload?: unknown, ack?: AckFn<LobbyCountsView>) => void;
  unwatchLobbyCounts: (payload?: unknown, ack?: AckFn) => void;
  /** A move in a daily game. */
  dailyMove: (payload: unknown, ack?: AckFn<{ ply: number }>) => void;
  dailyResign: (payload: unknown, ack?: AckFn) => void;
  /** Offers a draw in a daily game, or accepts the opponent's. */
  dailyOfferDraw: (payload: unknown, ack?: AckFn) => void;
  dailyDeclineDraw: (payload: unknown, ack?: AckFn) => void;
  /** Follows a daily game (player or spectator): answers its state, also as `dailyGame`. */
  followDaily: (payload: unknown, ack?: AckFn<DailyGame>) => void;
  unfollowDaily: (payload: unknown, ack?: AckFn) => void;
  /** Follows the lobby's daily offers: answers the list, then `dailyOfferAdded` / `dailyOfferRemoved`. */
  followDailyOffers: (payload?: unknown, ack?: AckFn<DailyOffer[]>) => void;
  unfollowDailyOffers: (payload?: unknown, ack?: AckFn) => void;
  /** Follows an arena (its page is open): answers its view; a joined player is paired only while following. */
  followArena: (payload: unknown, ack?: AckFn<ArenaView>) => void;
  unfollowArena: (payload: unknown, ack?: AckFn) => void;
  /** Joins an arena, or rejoins it after a pause; also follows it. */
  joinArena: (payload: unknown, ack?: AckFn<ArenaMe>) => void;
  /** Pauses (withdraws from) an arena: not paired until rejoining; before the start, leaves it. */
  pauseArena: (payload: unknown, ack?: AckFn<ArenaMe>) => void;
  /** Halves the caller's clock in their arena game, before their first move. */
  berserk: (payload?: unknown, ack?: AckFn) => void;
}
