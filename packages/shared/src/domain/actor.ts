/**
 * Who acts: the owner of a socket or the caller of a request, a guest or an account. Every area takes this one
 * type, or a `Pick<Actor, ...>` of it where it needs less (games: `ActorId`; clubs: an account's id and name).
 */
export interface Actor {
  /** The session acting: a guest's only identity, or one of an account's sessions. */
  sessionId: string;
  /** The account, or null for a guest. */
  userId: number | null;
  /** The account's name, or the session's guest name ("Guest-4821"). */
  username: string;
  isGuest: boolean;
  /** The client's address as it came (sockets; absent for HTTP callers): per-address limits count it. */
  address?: string;
}

/** An actor signed in to an account. */
export type AccountActor = Actor & { userId: number };

/** Enough of an actor to tell who they are: the account, else the guest session. */
export type ActorId = Pick<Actor, "sessionId" | "userId">;

/**
 * One key per person: `u:<userId>` for an account (all its sessions and tabs), `s:<sessionId>` for a guest.
 * Presence, lobby offers, pools, live games and per-player limits are all keyed by it.
 */
export const actorKey = (a: ActorId): string => (a.userId !== null ? `u:${a.userId}` : `s:${a.sessionId}`);

/** Whether `a` and `b` are the same person (see actorKey). */
export const sameActor = (a: ActorId, b: ActorId): boolean => actorKey(a) === actorKey(b);
