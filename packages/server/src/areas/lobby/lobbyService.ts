import {
  type Ack,
  type CreateGameOfferPayload,
  type GameOffer,
  type LobbyUpdate,
  PLAYABLE_VARIANTS,
  timeClassOf,
} from "@chess/shared";
import { shortId } from "../../util/ids.ts";
import type { Actor, GamesRepo, GamesService, PlayerRef } from "../games/index.ts";
import type { LobbyStore, StoredOffer } from "./lobbyStore.ts";

export const LOBBY_ROOM = "lobby";
export const MAX_OFFERS_PER_PLAYER = 3;
/** Offers of a player whose last socket left are removed after this grace (a reload keeps them). */
export const OFFER_GRACE_MS = 10_000;

export interface LobbyActor extends Actor {
  username: string;
  isGuest: boolean;
}

const keyOf = (a: Actor) => (a.userId !== null ? `u:${a.userId}` : `s:${a.sessionId}`);
const fail = (code: string, message: string) => ({ ok: false as const, code, message });
const ref = (a: LobbyActor): PlayerRef => ({ sessionId: a.sessionId, userId: a.userId, name: a.username });

/** The lobby: open offers, their creation, cancellation and acceptance (SPEC §4 Offer). */
export function createLobbyService(deps: {
  store: LobbyStore;
  games: GamesService;
  gamesRepo: GamesRepo;
  broadcast: (update: LobbyUpdate) => void;
  isOnline: (key: string) => boolean;
}) {
  const { store, games, gamesRepo, broadcast, isOnline } = deps;
  const graceTimers = new Map<string, NodeJS.Timeout>();

  async function snapshot(): Promise<LobbyUpdate> {
    const offers = (await store.list()).map((o) => o.offer).sort((a, b) => b.createdAt - a.createdAt);
    return { roomUid: LOBBY_ROOM, offers };
  }

  async function publish() {
    broadcast(await snapshot());
  }

  return {
    snapshot,

    async create(actor: LobbyActor, p: CreateGameOfferPayload): Promise<Ack<GameOffer>> {
      if (!PLAYABLE_VARIANTS.includes(p.variant)) {
        return fail("unavailable", `The ${p.variant} variant cannot be played yet`);
      }
      if (p.clubId != null) return fail("unavailable", "Club games cannot be offered yet");
      if (games.activeGameOf(actor)) return fail("busy", "You are already playing a game");
      const key = keyOf(actor);
      const mine = (await store.list()).filter((o) => o.ownerKey === key);
      if (mine.length >= MAX_OFFERS_PER_PLAYER) {
        return fail("too_many", `You can have at most ${MAX_OFFERS_PER_PLAYER} open offers`);
      }
      const timeClass = timeClassOf(p);
      const rating = actor.userId !== null ? await gamesRepo.rating(actor.userId, p.variant, timeClass) : undefined;
      const offer: GameOffer = {
        offerId: shortId(),
        ...(actor.isGuest ? {} : { username: actor.username }),
        baseTime: p.baseTime,
        increment: p.increment,
        variant: p.variant,
        selectedColor: p.selectedColor,
        isCreatorsHandicap: p.isCreatorsHandicap,
        clubId: null,
        timeClass,
        ...(rating ? { elo: rating.elo } : {}),
        createdAt: Date.now(),
      };
      await store.add({ offer, owner: ref(actor), ownerKey: key });
      await publish();
      return { ok: true, data: offer };
    },

    async cancel(actor: Actor, offerId?: string): Promise<Ack> {
      const key = keyOf(actor);
      if (offerId) {
        const o = await store.get(offerId);
        if (!o || o.ownerKey !== key) return fail("not_found", "Offer not found");
        await store.take(offerId);
      } else {
        await store.removeByOwner(key);
      }
      await publish();
      return { ok: true };
    },

    async accept(actor: LobbyActor, offerId: string): Promise<Ack<{ gameId: string }>> {
      const existing = await store.get(offerId);
      if (!existing) return fail("gone", "This offer is no longer available");
      if (existing.ownerKey === keyOf(actor)) return fail("own_offer", "You cannot accept your own offer");
      if (games.activeGameOf(actor)) return fail("busy", "You are already playing a game");
      const taken: StoredOffer | undefined = await store.take(offerId);
      if (!taken) return fail("gone", "This offer is no longer available");
      if (games.activeGameOf(taken.owner)) {
        await publish();
        return fail("gone", "This offer is no longer available");
      }
      await store.removeByOwner(taken.ownerKey);
      await store.removeByOwner(keyOf(actor));
      const creatorWhite =
        taken.offer.selectedColor === "white" || (taken.offer.selectedColor === "random" && Math.random() < 0.5);
      const acceptor = ref(actor);
      try {
        const round = await games.start({
          white: creatorWhite ? taken.owner : acceptor,
          black: creatorWhite ? acceptor : taken.owner,
          variant: taken.offer.variant,
          baseTime: taken.offer.baseTime,
          increment: taken.offer.increment,
        });
        return { ok: true, data: { gameId: round.id } };
      } finally {
        await publish();
      }
    },

    /** Presence changed: a player gone for longer than the grace loses their offers. */
    presenceChanged(key: string, online: boolean): void {
      clearTimeout(graceTimers.get(key));
      graceTimers.delete(key);
      if (online) return;
      const t = setTimeout(() => {
        graceTimers.delete(key);
        if (isOnline(key)) return;
        void store.removeByOwner(key).then((n) => (n > 0 ? publish() : undefined));
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
