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
import { readBack, settledWrite } from "./lostReply.ts";
import { REMATCH_EXPIRES_MS, type RematchStore, type StoredRematch } from "./rematchStore.ts";

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
  const START_UNSETTLED = fail(
    "unsettled",
    "The database did not answer in time - the rematch starts if it was saved, and you are sent to it then",
  );
  const GONE = fail("not_found", "This rematch offer is no longer available");
  const WITHDRAWN = fail("not_found", "This rematch offer was withdrawn");
  const ACCEPTED = fail("not_found", "This rematch offer was accepted: the rematch has started");

  /**
   * The rematch of `actor`'s that an offer started (stored under the offer's id, with taking the offer), null
   * if none did; undefined when the database cannot say in time.
   */
  async function startedFrom(offerId: string, actor: ActorId): Promise<string | null | undefined> {
    const game = await readBack(() => repo.game(offerId).then((g) => g ?? null), now() + settleWithinMs, now);
    if (game === undefined) return undefined;
    const player = (userId: number | null, sessionId: string) => sameActor({ userId, sessionId }, actor);
    return game && (player(game.whiteUserId, game.whiteSessionId) || player(game.blackUserId, game.blackSessionId))
      ? game.id
      : null;
  }

  /**
   * Takes the offer to withdraw it (a decline, a cancel); a lost answer is read back first. "taken" by this
   * call; "accepted" when it was taken by starting the rematch; "gone" when something else withdrew it;
   * "unknown" when the database cannot say in time.
   */
  async function take(o: StoredRematch, actor: ActorId): Promise<"taken" | "accepted" | "gone" | "unknown"> {
    const isGone = async () => !(await offers.has(o.offerId));
    const taken = await settledWrite(offers.take(o.offerId), isGone, now() + settleWithinMs, now);
    if (taken === "unknown") return "unknown";
    if (typeof taken === "object" && taken.value) return "taken";
    // Gone, by this call or another: an accept takes it only with storing its game.
    const started = await startedFrom(o.offerId, actor);
    if (started === undefined) return "unknown";
    if (started) return "accepted";
    return taken === "stored" ? "taken" : "gone";
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
    // Colours swap: the previous black plays white.
    const white = sameActor({ sessionId: previous.blackSessionId, userId: previous.blackUserId }, o.from)
      ? o.from
      : o.to;
    const black = white === o.from ? o.to : o.from;
    const started = await games.startRematch(
      {
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
      },
      o.offerId,
      new Date(now() - REMATCH_EXPIRES_MS),
    );
    if (started === "started") return { ok: true, data: { gameId: o.offerId } };
    if (started === "unknown") return START_UNSETTLED;
    if (started === "refused") return fail("unavailable", "The rematch could not be started - please try again");
    // Taken already: by the other player's accept of the same offer (both sent to its game), or withdrawn.
    const gameId = await startedFrom(o.offerId, o.to);
    if (gameId === undefined) return UNSETTLED;
    return gameId ? { ok: true, data: { gameId } } : WITHDRAWN;
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
      if (!o && accept) {
        // Accepted already (an answer that did not reach the player): the game it started.
        const gameId = await startedFrom(offerId, actor);
        if (gameId) return { ok: true, data: { gameId } };
      }
      if (!o || !sameActor(o.to, actor)) return GONE;
      if (!accept) {
        const taken = await take(o, actor);
        if (taken === "unknown") return UNSETTLED;
        if (taken === "accepted") return ACCEPTED;
        if (taken === "gone") return WITHDRAWN;
        notifier.toPlayer(o.from, "rematchOfferDeclined", json(o));
        return { ok: true };
      }
      return startRematch(o);
    },

    async cancel(actor: ActorId, offerId: string): Promise<Ack> {
      const o = await offers.get(offerId);
      if (!o || !sameActor(o.from, actor)) return GONE;
      const taken = await take(o, actor);
      if (taken === "unknown") return UNSETTLED;
      if (taken === "accepted") return ACCEPTED;
      if (taken === "gone") return WITHDRAWN;
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
