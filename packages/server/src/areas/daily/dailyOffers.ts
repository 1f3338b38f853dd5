import {
  type DailyChallenges,
  type DailyOffer,
  type DailyOfferBody,
  type DaysPerMove,
  fail,
  type Variant,
} from "@chess/shared";
import { shortId } from "../../util/ids.ts";
import { ok, type Result } from "../../util/result.ts";
import type { Blocks, Challengeable } from "../friends/index.ts";
import type { GameRecords } from "../games/index.ts";
import { dailyOfferJson } from "./dailyJson.ts";
import type { DailyNotifier } from "./dailyNotifier.ts";
import type { DailyOfferRow, DailyRepo } from "./dailyRepo.ts";
import { colorOfUser } from "./dailyRound.ts";
import { loadRound } from "./dailyRounds.ts";
import type { DailyUser } from "./dailyService.ts";
import type { DailyStarts } from "./dailyStarts.ts";

/** Open offers and challenges per account (a daily offer waits for days; the list must not fill up with one player's). */
export const MAX_OPEN_DAILY_OFFERS = 10;
const LIST_SIZE = 200;

const GONE = fail("gone", "This offer is no longer available");
const BLOCKED = fail("blocked", "You cannot play this player");

/**
 * Daily offers (the lobby's daily list), challenges to friends and rematches: rows that wait for days. An
 * accepted one starts a game: its games row and daily state in one transaction with the offer's removal, so
 * an offer starts one game at most.
 */
export function createDailyOffers(deps: {
  repo: DailyRepo;
  notify: DailyNotifier;
  starts: Pick<DailyStarts, "start">;
  ratings: Pick<GameRecords, "rating">;
  blocks: Pick<Blocks, "between" | "eitherWay">;
  friends: Challengeable;
  now: () => number;
}) {
  const { repo, notify } = deps;

  async function make(
    user: DailyUser,
    body: DailyOfferBody,
    to?: { id: number; username: string },
    rematchOf?: string,
  ): Promise<Result<DailyOffer>> {
    if ((await repo.openCount(user.userId)) >= MAX_OPEN_DAILY_OFFERS) {
      return fail("too_many", `You have ${MAX_OPEN_DAILY_OFFERS} open daily offers: withdraw one first`);
    }
    const rating = (await deps.ratings.rating(user.userId, body.variant, "daily")).elo;
    const row = await repo.addOffer({
      offerId: shortId(),
      ownerId: user.userId,
      ownerName: user.username,
      rating,
      toUserId: to?.id ?? null,
      toName: to?.username ?? null,
      days: body.days,
      variant: body.variant,
      color: body.color,
      rated: body.rated,
      rematchOf: rematchOf ?? null,
      createdAt: new Date(deps.now()),
    });
    const offer = dailyOfferJson(row);
    if (to) notify.toUser(to.id, "dailyChallenge", offer);
    // Every tab of a player blocked either way is left out, as the list itself leaves the offer out for them.
    else notify.offerAdded(offer, await deps.blocks.eitherWay(user.userId));
    return ok(offer);
  }

  function removed(row: DailyOfferRow) {
    const users = [row.ownerId, ...(row.toUserId !== null ? [row.toUserId] : [])];
    notify.toOfferFollowers("dailyOfferRemoved", { offerId: row.offerId }, users);
  }

  /** Starts the offer's game with `user` (checked to be allowed to take it). */
  async function start(row: DailyOfferRow, user: DailyUser): Promise<Result<{ gameId: string }>> {
    const creatorWhite = row.color === "white" || (row.color === "random" && Math.random() < 0.5);
    const owner = { userId: row.ownerId, name: row.ownerName };
    const taker = { userId: user.userId, name: user.username };
    const [white, black] = creatorWhite ? [owner, taker] : [taker, owner];
    const started = await deps.starts.start(
      {
        white,
        black,
        days: row.days as DaysPerMove,
        variant: row.variant as Variant,
        rated: row.rated,
        rematchOf: row.rematchOf,
      },
      row.offerId,
    );
    if (started.ok) removed(row);
    return started;
  }

  return {
    /** The public offers `viewer` may see (none of a player blocked either way), newest first. */
    async list(viewer: number | null): Promise<DailyOffer[]> {
      const rows = await repo.publicOffers(LIST_SIZE);
      const blocked = new Set(viewer === null ? [] : await deps.blocks.eitherWay(viewer));
      return rows.filter((r) => !blocked.has(r.ownerId)).map(dailyOfferJson);
    },

    create: (user: DailyUser, body: DailyOfferBody) => make(user, body),

    /** A challenge to a friend, who need not be online: it waits. */
    async challenge(user: DailyUser, body: DailyOfferBody & { friendName: string }): Promise<Result<DailyOffer>> {
      const friend = await deps.friends.challengeable(
        { userId: user.userId, username: user.username },
        body.friendName,
        { offline: true },
      );
      if (!friend.ok || !friend.data) return friend.ok ? GONE : friend;
      return make(user, body, friend.data);
    },

    async challenges(userId: number): Promise<DailyChallenges> {
      const rows = await repo.challengesOf(userId);
      return {
        received: rows.filter((r) => r.toUserId === userId).map(dailyOfferJson),
        sent: rows.filter((r) => r.ownerId === userId).map(dailyOfferJson),
      };
    },

    async accept(user: DailyUser, offerId: string): Promise<Result<{ gameId: string }>> {
      const row = await repo.offer(offerId);
      if (!row || (row.toUserId !== null && row.toUserId !== user.userId)) return GONE;
      if (row.ownerId === user.userId) return fail("own_offer", "You cannot accept your own offer");
      if (await deps.blocks.between(row.ownerId, user.userId)) return BLOCKED;
      return start(row, user);
    },

    async cancel(user: DailyUser, offerId: string): Promise<Result> {
      const row = await repo.removeOffer(offerId, { ownerId: user.userId });
      if (!row) return fail("not_found", "Offer not found");
      removed(row);
      return ok();
    },

    async decline(user: DailyUser, offerId: string): Promise<Result> {
      const row = await repo.removeOffer(offerId, { toUserId: user.userId });
      if (!row) return fail("not_found", "Challenge not found");
      removed(row);
      return ok();
    },

    /**
     * A rematch of a finished daily game: a challenge to the opponent with the same days, colours swapped; the
     * game at once when the opponent had already asked.
     */
    async rematch(user: DailyUser, gameId: string): Promise<Result<DailyOffer | { gameId: string }>> {
      const round = await loadRound(repo, gameId);
      const color = round ? colorOfUser(round, user.userId) : undefined;
      if (!round || !color) return fail("not_found", "Daily game not found");
      if (round.status === "active") return fail("active", "The game is still being played");
      const opponent = round.players[color === "w" ? "b" : "w"];
      if (await deps.blocks.between(opponent.userId, user.userId)) return BLOCKED;
      const theirs = await repo.rematchOffer(gameId, opponent.userId);
      if (theirs) return start(theirs, user);
      const mine = await repo.rematchOffer(gameId, user.userId);
      if (mine) return ok(dailyOfferJson(mine));
      const body: DailyOfferBody = {
        days: round.days,
        variant: round.variant,
        color: color === "w" ? "black" : "white",
        rated: round.rated,
      };
      return make(user, body, { id: opponent.userId, username: opponent.name }, gameId);
    },

    /** A closed account's offers and challenges go, either way. */
    async accountClosed(userId: number): Promise<void> {
      for (const row of await repo.removeOffersOf(userId)) removed(row);
    },
  };
}

export type DailyOffersService = ReturnType<typeof createDailyOffers>;
