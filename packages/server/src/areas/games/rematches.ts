import {
  type Ack,
  type ActorId,
  chess960GameFen,
  fail,
  type GameStarted,
  type RematchOffer,
  sameActor,
  type Variant,
} from "@chess/shared";
import { shortId } from "../../util/ids.ts";
import type { PlayerRef } from "./gameRound.ts";
import type { GameNotifier } from "./gamesNotifier.ts";
import type { GamesRepo } from "./gamesRepo.ts";
import type { GamesService } from "./gamesService.ts";
import { settledWrite } from "./lostReply.ts";
import type { RematchStore, StoredRematch } from "./rematchStore.ts";

/** Rematch offers after a finished game (SPEC §4 Rematch): offered, accepted, declined or cancelled. */
export function createRematches(deps: {
  repo: GamesRepo;
  games: GamesService;
  notifier: GameNotifier;
  store: RematchStore;
  /** Whether either of two accounts blocked the other: they get no rematch (lichess allows them no challenge). */
  blockedEitherWay?: (a: number, b: number) => Promise<boolean>;
  /** How long a write whose answer was lost is read back for (the node's STATEMENT_TIMEOUT_MS). */
  settleWithinMs?: number;
  now?: () => number;
}) {
  const { repo, games, notifier } = deps;
  const offers = deps.store;
  const now = deps.now ?? Date.now;
  const settleWithinMs = deps.settleWithinMs ?? 5_000;
  const UNSETTLED = fail(
    "unsettled",
    "The database did not answer in time - please look again in a moment: it stands if it was saved",
  );

  /**
   * Takes the offer (it starts at most one game); a lost answer is read back first: an offer no longer there
   * was taken by this call. "unknown" when the database cannot say in time.
   */
  async function take(offerId: string): Promise<boolean | "unknown"> {
    const isGone = async () => !(await offers.has(offerId));
    const taken = await settledWrite(offers.take(offerId), isGone, now() + settleWithinMs, now);
    return typeof taken === "object" ? taken.value : taken === "stored" ? true : "unknown";
  }
  const json = (o: StoredRematch): RematchOffer => ({
    offerId: o.offerId,
    previousGameId: o.previousGameId,
    by: o.from.name,
  });

  /** Both players hear of a stored offer: the one asked, and the one who asked (their other tabs). */
  function tellOffered(o: StoredRematch): void {
    notifier.toPlayer(o.to, "rematchOffered", json(o));
    notifier.toPlayer(o.from, "rematchOfferSent", json(o));
  }

  const NO_REMATCH = fail("forbidden", "You cannot play this player again");
  async function blocked(a: PlayerRef, b: PlayerRef): Promise<boolean> {
    if (a.userId === null || b.userId === null || !deps.blockedEitherWay) return false;
    return deps.blockedEitherWay(a.userId, b.userId);
  }

  async function startRematch(o: StoredRematch): Promise<Ack<{ gameId: string }>> {
    const previous = await repo.game(o.previousGameId);
    if (!previous) return fail("not_found", "Game not found");
    // A block made since the offer.
    if (await blocked(o.from, o.to)) return NO_REMATCH;
    if ((await games.activeGameOf(o.from)) || (await games.activeGameOf(o.to)))
      return fail("busy", "A player is already in a game");
    const taken = await take(o.offerId);
    if (taken === "unknown") return UNSETTLED;
    if (!taken) return fail("not_found", "This rematch offer is no longer available");
    // Colours swap: the previous black plays white.
    const white = sameActor({ sessionId: previous.blackSessionId, userId: previous.blackUserId }, o.from)
      ? o.from
      : o.to;
    const black = white === o.from ? o.to : o.from;
    const round = await games.start({
      white,
      black,
      variant: previous.variant as Variant,
      baseTime: previous.baseMs / 60_000,
      increment: previous.incrementMs / 1000,
      // Jumpstart replays its position; a Chess960 rematch deals a new one.
      initialFen:
        previous.variant === "jumpstart"
          ? previous.initialFen
          : previous.variant === "fun"
            ? chess960GameFen()
            : undefined,
      ...(previous.variant === "jumpstart" && previous.startEval !== null ? { startEval: previous.startEval } : {}),
      rematchOf: previous.id,
    });
    return { ok: true, data: { gameId: round.id } };
  }

  return {
    async offer(actor: ActorId, previousGameId: string): Promise<Ack<{ offerId: string; gameId?: string }>> {
      const previous = await repo.game(previousGameId);
      const white = previous && {
        sessionId: previous.whiteSessionId,
        userId: previous.whiteUserId,
        name: previous.whiteName,
      };
      const black = previous && {
        sessionId: previous.blackSessionId,
        userId: previous.blackUserId,
        name: previous.blackName,
      };
      if (!previous || !white || !black || !(sameActor(white, actor) || sameActor(black, actor))) {
        return fail("not_found", "Game not found");
      }
      if (previous.status === "active") return fail("active", "The game is still being played");
      // The arena pairs its players again by itself (lichess offers no rematch there).
      if (previous.tournamentId !== null)
        return fail("arena", "Arena games have no rematch: the arena pairs you again");
      const [from, to] = sameActor(white, actor) ? [white, black] : [black, white];
      if (await blocked(from, to)) return NO_REMATCH;
      const existing = await offers.forGame(previousGameId);
      if (existing && sameActor(existing.from, actor)) return { ok: true, data: { offerId: existing.offerId } };
      if (existing) {
        // Both asked for a rematch: that is an agreement.
        const started = await startRematch(existing);
        return started.ok ? { ok: true, data: { offerId: existing.offerId, gameId: started.data?.gameId } } : started;
      }
      const offer: StoredRematch = { offerId: shortId(), previousGameId, from, to, createdAt: Date.now() };
      const isThere = () => offers.has(offer.offerId);
      const write = offers.add(offer);
      const added = await settledWrite(write, isThere, now() + settleWithinMs, now);
      if (added === "unknown") {
        // Its answer may still come: an offer stored after all is told then, as it would have been at once.
        write.then((stored) => stored && tellOffered(offer)).catch(() => undefined);
        return UNSETTLED;
      }
      if (added !== "stored" && !added.value) {
        // The other player offered at the same moment: that is an agreement too.
        const theirs = await offers.forGame(previousGameId);
        if (!theirs || sameActor(theirs.from, actor))
          return fail("unavailable", "The rematch offer could not be made - please try again");
        const started = await startRematch(theirs);
        return started.ok ? { ok: true, data: { offerId: theirs.offerId, gameId: started.data?.gameId } } : started;
      }
      tellOffered(offer);
      return { ok: true, data: { offerId: offer.offerId } };
    },

    async answer(actor: ActorId, offerId: string, accept: boolean): Promise<Ack<{ gameId?: string }>> {
      const o = await offers.get(offerId);
      if (!o || !sameActor(o.to, actor)) return fail("not_found", "This rematch offer is no longer available");
      if (!accept) {
        const taken = await take(offerId);
        if (taken === "unknown") return UNSETTLED;
        if (!taken) return fail("not_found", "This rematch offer is no longer available");
        notifier.toPlayer(o.from, "rematchOfferDeclined", json(o));
        return { ok: true };
      }
      return startRematch(o);
    },

    async cancel(actor: ActorId, offerId: string): Promise<Ack> {
      const o = await offers.get(offerId);
      if (!o || !sameActor(o.from, actor)) return fail("not_found", "This rematch offer is no longer available");
      const taken = await take(offerId);
      if (taken === "unknown") return UNSETTLED;
      if (!taken) return fail("not_found", "This rematch offer is no longer available");
      notifier.toPlayer(o.to, "rematchOfferCancelled", json(o));
      notifier.toPlayer(o.from, "rematchOfferCancelled", json(o));
      return { ok: true };
    },

    /** The offer waiting after the finished game `previousGameId`, as its player `actor` sees it. */
    async pendingFor(actor: ActorId, previousGameId: string): Promise<GameStarted["rematchOffer"]> {
      const o = await offers.forGame(previousGameId);
      if (!o || !(sameActor(o.from, actor) || sameActor(o.to, actor))) return undefined;
      return { offerId: o.offerId, by: o.from.name, mine: sameActor(o.from, actor) };
    },

    /** An account closed: its rematch offers either way are withdrawn, and the other players told. */
    async accountClosed(userId: number): Promise<void> {
      for (const o of await offers.removeInvolving(userId)) {
        const other = o.from.userId === userId ? o.to : o.from;
        notifier.toPlayer(other, "rematchOfferCancelled", json(o));
      }
    },

    /** Removes expired offers. */
    sweep: (): Promise<void> => offers.sweep(),
  };
}

export type Rematches = ReturnType<typeof createRematches>;
