import {
  type Ack,
  type Actor,
  type ActorId,
  actorKey,
  type CreateGameOfferPayload,
  chess960GameFen,
  fail,
  type GameOffer,
  JUMPSTART_CUSTOM,
  type LobbyUpdate,
  PLAYABLE_VARIANTS,
  presetOf,
  type RandomPositionQuery,
  timeClassOf,
} from "@chess/shared";
import { addressKey } from "../../http/addressKey.ts";
import type { RateLimiter } from "../../storage/rateLimits.ts";
import { shortId } from "../../util/ids.ts";
import type { GamePlay, GameRecords, PlayerRef } from "../games/index.ts";
import { NoPositionError } from "../jumpstart/index.ts";
import { type LobbyStore, type LobbyViewer, offersShownTo, type StoredOffer, visibleTo } from "./lobbyStore.ts";

export const LOBBY_ROOM = "lobby";
/**
 * lichess: one seek at a time per player. A new lobby offer replaces the player's open one for the same
 * audience (the public lobby, or one club's members).
 */
export const LOBBY_OFFERS_PER_PLAYER = 1;
/** Friend challenges a player may have out at once. */
export const CHALLENGES_PER_PLAYER = 3;
/** Open lobby offers from one address, all its players (guests cost nothing to make) together. */
export const LOBBY_OFFERS_PER_ADDRESS = 5;
/** Offers made per minute, per player and per address: creating and cancelling in a loop is a flood too. */
export const OFFERS_MADE_PER_PLAYER = { limit: 10, windowMs: 60_000 };
export const OFFERS_MADE_PER_ADDRESS = { limit: 30, windowMs: 60_000 };
/** Offers of a player whose last socket left are withdrawn after this grace (a reload keeps them). */
export const OFFER_GRACE_MS = 5_000;

/** What changed in the lobby: each watcher is sent these, not the whole list again. */
export interface LobbyChange {
  added: StoredOffer[];
  removed: StoredOffer[];
}

const ref = (a: Actor): PlayerRef => ({ sessionId: a.sessionId, userId: a.userId, name: a.username });

/** The custom-range bounds of SPEC §9 (eval 0–5 pawns, moves 10–100), all four required. */
function jumpstartLimitsProblem(p: CreateGameOfferPayload): string | undefined {
  const { lower_eval_limit: le, upper_eval_limit: ue, lower_move_limit: lm, upper_move_limit: um } = p;
  if (le === undefined || ue === undefined || lm === undefined || um === undefined) {
    return "A jumpstart offer needs lower_eval_limit, upper_eval_limit, lower_move_limit and upper_move_limit";
  }
  const e = JUMPSTART_CUSTOM.eval;
  const m = JUMPSTART_CUSTOM.moves;
  if (le < e.min || ue > e.max || le > ue)
    return `Evaluation limits must satisfy ${e.min} <= lower <= upper <= ${e.max}`;
  if (lm < m.min || um > m.max || lm > um) return `Move limits must satisfy ${m.min} <= lower <= upper <= ${m.max}`;
  return undefined;
}

/** The jumpstart limits of an offer, as a position query. */
function limitsOf(o: CreateGameOfferPayload | GameOffer): RandomPositionQuery {
  return {
    lower_eval_limit: o.lower_eval_limit ?? 0,
    upper_eval_limit: o.upper_eval_limit ?? 5,
    lower_move_limit: o.lower_move_limit ?? 10,
    upper_move_limit: o.upper_move_limit ?? 100,
  };
}

const noPosition = (error: unknown) =>
  error instanceof NoPositionError
    ? fail("no_position", "No position in that range could be found - try a wider range")
    : fail("no_position", "The starting position could not be prepared - please try again");

/** The lobby: open offers, their creation, cancellation and acceptance (SPEC §4 Offer). */
export function createLobbyService(deps: {
  store: LobbyStore;
  games: Pick<GamePlay, "start" | "activeGameOf">;
  ratings: Pick<GameRecords, "rating">;
  /** Tells every lobby watcher what changed, as far as it may see. */
  broadcast: (change: LobbyChange) => void;
  limiter: RateLimiter;
  isOnline: (key: string) => boolean;
  isClubMember: (clubId: number, userId: number) => Promise<boolean>;
  /** The accounts `userId` blocked or is blocked by: neither may accept the other's offer. */
  blockedEitherWay: (userId: number) => Promise<number[]>;
  /** A friend challenge went away (cancelled, accepted, owner gone): both sides are told. */
  onChallengeRemoved: (o: StoredOffer) => void;
  /** A jumpstart start position for the offer's limits (pool or on demand). */
  jumpstartPosition: (q: RandomPositionQuery) => Promise<{ fen: string; eval: number }>;
}) {
  const { store, games, ratings, broadcast, isOnline, jumpstartPosition } = deps;
  /** Offers that went: challenges are announced to both sides, lobby offers to the watchers. */
  const removed = (list: StoredOffer[]) => {
    for (const o of list) if (o.privateTo !== undefined) deps.onChallengeRemoved(o);
    publish({ added: [], removed: list });
  };
  const graceTimers = new Map<string, NodeJS.Timeout>();

  /** The offers `viewer` may see, newest first. */
  async function snapshot(viewer: LobbyViewer): Promise<LobbyUpdate> {
    return { roomUid: LOBBY_ROOM, offers: offersShownTo(await store.list(), viewer) };
  }

  function publish(change: LobbyChange) {
    const visible = (list: StoredOffer[]) => list.filter((o) => o.privateTo === undefined);
    const added = visible(change.added);
    const gone = visible(change.removed);
    if (added.length > 0 || gone.length > 0) broadcast({ added, removed: gone });
  }

  /** Why `actor` may not put up another offer now, if they may not. */
  async function offerLimitProblem(actor: Actor, key: string, privateTo: number | undefined) {
    const made = await deps.limiter.hit(
      `offers:made:${key}`,
      OFFERS_MADE_PER_PLAYER.limit,
      OFFERS_MADE_PER_PLAYER.windowMs,
    );
    if (!made.ok) return fail("rate_limited", "You are making offers too fast - wait a moment");
    if (actor.address !== undefined) {
      const { limit, windowMs } = OFFERS_MADE_PER_ADDRESS;
      if (!(await deps.limiter.hit(`offers:made:ip:${addressKey(actor.address)}`, limit, windowMs)).ok) {
        return fail("rate_limited", "Too many offers from your address - wait a moment");
      }
    }
    const all = await store.list();
    if (privateTo !== undefined) {
      const out = all.filter((o) => o.ownerKey === key && o.privateTo !== undefined);
      if (out.length >= CHALLENGES_PER_PLAYER) {
        return fail("too_many", `You can have at most ${CHALLENGES_PER_PLAYER} challenges out at once`);
      }
      return undefined;
    }
    const network = actor.address === undefined ? undefined : addressKey(actor.address);
    const fromAddress = all.filter(
      (o) => o.privateTo === undefined && o.ownerKey !== key && network !== undefined && o.ownerNetwork === network,
    );
    if (fromAddress.length >= LOBBY_OFFERS_PER_ADDRESS) {
      return fail("too_many", "Too many open offers from your address - wait for one to be taken");
    }
    return undefined;
  }

  return {
    snapshot,
    /** Every open offer, for watchers that are sent whole lists. */
    list: () => store.list(),

    async create(actor: Actor, p: CreateGameOfferPayload, privateTo?: number): Promise<Ack<GameOffer>> {
      if (!PLAYABLE_VARIANTS.includes(p.variant)) {
        return fail("unavailable", `The ${p.variant} variant cannot be played yet`);
      }
      if (p.clubId != null && (actor.userId === null || !(await deps.isClubMember(p.clubId, actor.userId)))) {
        return fail("forbidden", "You can only offer club games in your own clubs");
      }
      const limitsProblem = p.variant === "jumpstart" ? jumpstartLimitsProblem(p) : undefined;
      if (limitsProblem) return fail("validation", limitsProblem);
      if (await games.activeGameOf(actor)) return fail("busy", "You are already playing a game");
      const key = actorKey(actor);
      const limited = await offerLimitProblem(actor, key, privateTo);
      if (limited) return limited;
      // A custom range may hold no position at all (eval 5.0 to 5.0 at move 64 or later): its position is
      // found now, so its creator hears at once and nobody accepts an offer that cannot start. Presets come
      // from the pool when accepted.
      let dealt: { fen: string; eval: number } | undefined;
      if (p.variant === "jumpstart" && !presetOf(limitsOf(p))) {
        try {
          dealt = await jumpstartPosition(limitsOf(p));
        } catch (error) {
          return noPosition(error);
        }
      }
      const timeClass = timeClassOf(p);
      const rating = actor.userId !== null ? await ratings.rating(actor.userId, p.variant, timeClass) : undefined;
      const offer: GameOffer = {
        offerId: shortId(),
        username: actor.username,
        ...(actor.isGuest ? { guest: true as const } : {}),
        baseTime: p.baseTime,
        increment: p.increment,
        variant: p.variant,
        selectedColor: p.selectedColor,
        isCreatorsHandicap: p.isCreatorsHandicap,
        clubId: p.clubId ?? null,
        timeClass,
        ...(rating ? { elo: rating.elo } : {}),
        createdAt: Date.now(),
        ...(p.variant === "jumpstart"
          ? {
              lower_eval_limit: p.lower_eval_limit,
              upper_eval_limit: p.upper_eval_limit,
              lower_move_limit: p.lower_move_limit,
              upper_move_limit: p.upper_move_limit,
            }
          : {}),
      };
      const stored: StoredOffer = {
        offer,
        owner: ref(actor),
        ownerKey: key,
        ...(actor.address !== undefined ? { ownerNetwork: addressKey(actor.address) } : {}),
        ...(privateTo !== undefined ? { privateTo } : {}),
        ...(dealt !== undefined ? { initialFen: dealt.fen, startEval: dealt.eval } : {}),
      };
      // The new lobby offer replaces the player's open one for the same audience (challenges stay).
      const replaced =
        privateTo === undefined
          ? (await store.list()).filter(
              (o) => o.ownerKey === key && o.privateTo === undefined && o.offer.clubId === offer.clubId,
            )
          : [];
      const taken = (await Promise.all(replaced.map((o) => store.take(o.offer.offerId)))).filter(
        (o): o is StoredOffer => o !== undefined,
      );
      await store.add(stored);
      publish({ added: [stored], removed: taken });
      return { ok: true, data: offer };
    },

    async cancel(actor: ActorId, offerId?: string): Promise<Ack> {
      const key = actorKey(actor);
      if (offerId) {
        const o = await store.get(offerId);
        if (!o || o.ownerKey !== key) return fail("not_found", "Offer not found");
        const taken = await store.take(offerId);
        if (taken) removed([taken]);
      } else {
        removed(await store.removeByOwner(key));
      }
      return { ok: true };
    },

    /** The addressee turns a friend challenge down. */
    async deny(actor: ActorId, offerId: string): Promise<Ack> {
      const o = await store.get(offerId);
      if (!o || o.privateTo === undefined || o.privateTo !== actor.userId)
        return fail("not_found", "Challenge not found");
      const taken = await store.take(offerId);
      if (taken) removed([taken]);
      return { ok: true };
    },

    async accept(actor: Actor, offerId: string): Promise<Ack<{ gameId: string }>> {
      const existing = await store.get(offerId);
      if (!existing) return fail("gone", "This offer is no longer available");
      if (existing.ownerKey === actorKey(actor)) return fail("own_offer", "You cannot accept your own offer");
      const viewer: LobbyViewer & { clubIds: number[] } = {
        key: actorKey(actor),
        userId: actor.userId,
        clubIds: [],
        blockedEitherWay:
          actor.userId !== null && existing.owner.userId !== null ? await deps.blockedEitherWay(actor.userId) : [],
      };
      if (
        existing.offer.clubId !== null &&
        actor.userId !== null &&
        (await deps.isClubMember(existing.offer.clubId, actor.userId))
      ) {
        viewer.clubIds.push(existing.offer.clubId);
      }
      if (!visibleTo(existing, viewer)) return fail("gone", "This offer is no longer available");
      // Within its grace the offer still shows, but a game against nobody never starts.
      if (!isOnline(existing.ownerKey)) {
        return fail("away", "The player who made this offer is not connected - try again in a moment");
      }
      if (await games.activeGameOf(actor)) return fail("busy", "You are already playing a game");
      const taken: StoredOffer | undefined = await store.take(offerId);
      if (!taken) return fail("gone", "This offer is no longer available");
      if (await games.activeGameOf(taken.owner)) {
        removed([taken]);
        return fail("gone", "This offer is no longer available");
      }
      const o = taken.offer;
      // Chess960 ("fun"): a new shuffled setup for each game, the same for both players.
      let initialFen: string | undefined = o.variant === "fun" ? chess960GameFen() : taken.initialFen;
      let startEval = taken.startEval;
      if (o.variant === "jumpstart" && initialFen === undefined) {
        try {
          const dealt = await jumpstartPosition(limitsOf(o));
          initialFen = dealt.fen;
          startEval = dealt.eval;
        } catch (error) {
          // Taken out of the store but never announced as gone: back it goes, with nothing to tell.
          await store.add(taken);
          return noPosition(error);
        }
      }
      removed([taken, ...(await store.removeByOwner(taken.ownerKey)), ...(await store.removeByOwner(actorKey(actor)))]);
      // Jumpstart positions favour White: the handicapped player takes Black, the worse side.
      const creatorWhite =
        o.variant === "jumpstart"
          ? !o.isCreatorsHandicap
          : o.selectedColor === "white" || (o.selectedColor === "random" && Math.random() < 0.5);
      const acceptor = ref(actor);
      const round = await games.start({
        white: creatorWhite ? taken.owner : acceptor,
        black: creatorWhite ? acceptor : taken.owner,
        variant: o.variant,
        baseTime: o.baseTime,
        increment: o.increment,
        initialFen,
        ...(startEval !== undefined ? { startEval } : {}),
        clubId: o.clubId,
      });
      return { ok: true, data: { gameId: round.id } };
    },

    /** A game started (from the lobby, a rematch or a challenge): its players' open offers go. */
    async playersStarted(players: ActorId[]): Promise<void> {
      removed((await Promise.all(players.map((p) => store.removeByOwner(actorKey(p))))).flat());
    },

    /** An account closed: its offers and challenges go, and the challenges made to it. */
    async accountClosed(userId: number): Promise<void> {
      const own = await store.removeByOwner(actorKey({ userId, sessionId: "" }));
      const toIt = (await store.list()).filter((o) => o.privateTo === userId);
      const taken = await Promise.all(toIt.map((o) => store.take(o.offer.offerId)));
      removed([...own, ...taken.filter((o) => o !== undefined)]);
    },

    /** Presence changed: a player gone for longer than the grace loses their offers. */
    presenceChanged(key: string, online: boolean): void {
      clearTimeout(graceTimers.get(key));
      graceTimers.delete(key);
      if (online) return;
      const t = setTimeout(() => {
        graceTimers.delete(key);
        if (isOnline(key)) return;
        store
          .removeByOwner(key)
          .then(removed)
          // Store away (Redis down, or closed at a stop): the offers stay; never an unhandled rejection.
          .catch(() => {});
      }, OFFER_GRACE_MS);
      t.unref();
      graceTimers.set(key, t);
    },

    stop(): void {
      for (const t of graceTimers.values()) clearTimeout(t);
    },
  };
}

export type LobbyService = ReturnType<typeof createLobbyService>;
