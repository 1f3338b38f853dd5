import {
  type AccountActor,
  CLUB_MESSAGES,
  CLUB_SEARCH_PAGE,
  type Club,
  type ClubEvent,
  type ClubInvitation,
  type ClubJoinRequest,
  type ClubMember,
  type ClubSearchResult,
  DEFAULT_ELO,
  fail,
  type JoinPolicy,
  PLAYABLE_VARIANTS,
  type Post,
  TIME_CLASSES,
  type WaitingJoinRequest,
} from "@chess/shared";
import type { RateLimiter } from "../../storage/rateLimits.ts";
import { ok, type Refused, type Result, rateLimited } from "../../util/result.ts";
import type { ClubsRepo } from "./clubsRepo.ts";

/** Who acts in clubs: an account. */
type ClubUser = Pick<AccountActor, "userId" | "username">;
type ClubRow = NonNullable<Awaited<ReturnType<ClubsRepo["club"]>>>;

/** chess.com allows 30 invitations a day; posts and notes get a per-minute cap. */
const INVITES_PER_DAY = 30;
const WRITES_PER_MINUTE = 10;
const DAY = 24 * 3600_000;

/** Live events to the members watching a club (its Socket.IO room). */
export interface ClubsLive {
  postCreated(clubId: number, post: Post): void;
  eventCreated(clubId: number, event: ClubEvent): void;
  membersChanged(clubId: number): void;
  /** Someone asked to join: the administrator's sockets are told, to show the waiting requests. */
  joinRequested(administratorId: number, request: { clubId: number; clubName: string; username: string }): void;
  /** A request was answered: the administrator's tabs stop counting it. */
  joinRequestAnswered(administratorId: number, answer: { clubId: number; username: string; accepted: boolean }): void;
  /** Stops every socket of that user from hearing the club; called when they leave it. */
  unwatch(clubId: number, userId: number): void;
  /** To the invitee's sockets: an invitation waits for their answer. */
  invited(inviteeId: number, invitation: ClubInvitation): void;
  /** To the invitee's sockets: they answered (their other tabs stop showing it as waiting). */
  invitationAnswered(inviteeId: number, clubId: number, accepted: boolean): void;
}

export function createClubsService(deps: {
  repo: ClubsRepo;
  limiter: RateLimiter;
  findUser: (username: string) => Promise<{ id: number; username: string } | undefined>;
  isBlocked: (blockerId: number, blockedId: number) => Promise<boolean>;
  isOnline: (userId: number) => boolean;
  live: ClubsLive;
}) {
  const { repo, limiter, live } = deps;

  /** Counts one write; the refusal when the allowance is spent. */
  async function limit(key: string, n: number, windowMs: number): Promise<Refused | undefined> {
    const d = await limiter.hit(key, n, windowMs);
    return d.ok ? undefined : rateLimited(d.retryAfterMs);
  }

  /** The club, if the user is a member; otherwise "not found", so non-members learn nothing. */
  async function memberClub(user: ClubUser, clubId: number): Promise<Result<ClubRow>> {
    const club = await repo.club(clubId);
    if (!club || !(await repo.isMember(clubId, user.userId))) return fail("not_found", CLUB_MESSAGES.unknownClub);
    return ok(club);
  }

  /** The club, if the user administers it (members who do not are refused, others learn nothing). */
  async function adminClub(user: ClubUser, clubId: number): Promise<Result<ClubRow>> {
    const club = await memberClub(user, clubId);
    if (club.ok && club.data.administratorId !== user.userId) return fail("forbidden", CLUB_MESSAGES.notAdmin);
    return club;
  }

  const key = (variant: string, timeClass: string) => `${variant}_${timeClass}`;

  return {
    async create(
      user: ClubUser,
      clubName: string,
      about?: { joinPolicy: JoinPolicy; description: string },
    ): Promise<Result<{ clubId: number; clubName: string }>> {
      const limited = await limit(`club-create:${user.userId}`, 5, DAY);
      if (limited) return limited;
      const clubId = await repo.create(clubName, user.userId, about);
      if (clubId === undefined) return fail("conflict", CLUB_MESSAGES.nameTaken);
      return ok({ clubId, clubName });
    },

    async list(user: ClubUser): Promise<Club[]> {
      const rows = await repo.clubsOf(user.userId);
      return rows.map((r) => ({ ...r, isAdministrator: r.administratorId === user.userId }));
    },

    clubIdsOf: (userId: number) => repo.clubIdsOf(userId),
    isMember: (clubId: number, userId: number) => repo.isMember(clubId, userId),

    async invitations(user: ClubUser): Promise<ClubInvitation[]> {
      return repo.invitationsOf(user.userId);
    },

    async answer(user: ClubUser, clubId: number, accepted: boolean): Promise<Result> {
      if (!(await repo.answerInvitation(clubId, user.userId, accepted)))
        return fail("not_found", CLUB_MESSAGES.noInvitation);
      live.invitationAnswered(user.userId, clubId, accepted);
      if (accepted) live.membersChanged(clubId);
      return ok();
    },

    async invite(user: ClubUser, clubId: number, inviteeUsername: string): Promise<Result> {
      const club = await adminClub(user, clubId);
      if (!club.ok) return club;
      const limited = await limit(`club-invite:${user.userId}`, INVITES_PER_DAY, DAY);
      if (limited) return limited;
      const invitee = await deps.findUser(inviteeUsername);
      if (!invitee) return fail("not_found", CLUB_MESSAGES.unknownUser);
      if (await repo.isMember(clubId, invitee.id)) return fail("conflict", CLUB_MESSAGES.alreadyMember);
      if (await deps.isBlocked(invitee.id, user.userId))
        return fail("forbidden", "This player does not accept invitations from you");
      if (!(await repo.invite(clubId, invitee.id, user.userId))) return fail("conflict", CLUB_MESSAGES.alreadyInvited);
      live.invited(invitee.id, { clubId, clubName: club.data.name, inviter: user.username });
      return ok();
    },

    async search(user: ClubUser, q: string, pageNo: number): Promise<ClubSearchResult[]> {
      const rows = await repo.search(q, user.userId, CLUB_SEARCH_PAGE, (pageNo - 1) * CLUB_SEARCH_PAGE);
      return rows.map((r) => ({
        clubId: r.clubId,
        clubName: r.clubName,
        memberCount: Number(r.memberCount),
        joinPolicy: r.joinPolicy,
        description: r.description,
        status: r.isMember ? "member" : r.requested ? "requested" : "none",
      }));
    },

    /** Joins an open club at once, or asks to join one that takes requests; invite-only clubs refuse. */
    async join(user: ClubUser, clubId: number): Promise<Result<{ joined: boolean; message: string }>> {
      const club = await repo.club(clubId);
      if (!club) return fail("not_found", CLUB_MESSAGES.unknownClub);
      if (await repo.isMember(clubId, user.userId)) return fail("conflict", "You are already a member of this club");
      // An invite-only club is not listed: to anyone outside it, it does not exist.
      if (club.joinPolicy === "invite") return fail("not_found", CLUB_MESSAGES.unknownClub);
      if (await deps.isBlocked(club.administratorId, user.userId)) return fail("forbidden", CLUB_MESSAGES.refused);
      const limited = await limit(`club-join:${user.userId}`, WRITES_PER_MINUTE, 60_000);
      if (limited) return limited;
      if (club.joinPolicy === "open") {
        await repo.addMember(clubId, user.userId);
        live.membersChanged(clubId);
        return ok({ joined: true, message: CLUB_MESSAGES.joined });
      }
      if (!(await repo.requestJoin(clubId, user.userId))) return fail("conflict", CLUB_MESSAGES.alreadyRequested);
      live.joinRequested(club.administratorId, { clubId, clubName: club.name, username: user.username });
      return ok({ joined: false, message: CLUB_MESSAGES.requested });
    },

    async joinRequests(user: ClubUser, clubId: number): Promise<Result<ClubJoinRequest[]>> {
      const club = await adminClub(user, clubId);
      if (!club.ok) return club;
      return ok(
        (await repo.joinRequests(clubId)).map((r) => ({
          username: r.username,
          requestedAt: r.createdAt.getTime(),
        })),
      );
    },

    async answerJoinRequest(user: ClubUser, clubId: number, username: string, accept: boolean): Promise<Result> {
      const club = await adminClub(user, clubId);
      if (!club.ok) return club;
      const who = await deps.findUser(username);
      if (!who || !(await repo.answerJoinRequest(clubId, who.id, accept)))
        return fail("not_found", CLUB_MESSAGES.noRequest);
      if (accept) live.membersChanged(clubId);
      live.joinRequestAnswered(user.userId, { clubId, username: who.username, accepted: accept });
      return ok();
    },

    /** Every request waiting in the clubs the user administers (the site's badge), oldest first. */
    async waitingJoinRequests(user: ClubUser): Promise<WaitingJoinRequest[]> {
      return (await repo.waitingJoinRequests(user.userId)).map((r) => ({
        clubId: r.clubId,
        clubName: r.clubName,
        username: r.username,
        requestedAt: r.createdAt.getTime(),
      }));
    },

    async setJoinPolicy(user: ClubUser, clubId: number, joinPolicy: JoinPolicy, description?: string): Promise<Result> {
      const club = await adminClub(user, clubId);
      if (!club.ok) return club;
      await repo.setJoinPolicy(clubId, joinPolicy, description);
      return ok();
    },

    async members(user: ClubUser, clubName: string): Promise<Result<ClubMember[]>> {
      const club = await repo.clubByName(clubName);
      if (!club || !(await repo.isMember(club.id, user.userId))) return fail("not_found", CLUB_MESSAGES.unknownClub);
      const members = await repo.members(club.id);
      const ids = members.map((m) => m.id);
      const [global, inClub] = await Promise.all([repo.ratingsOf(ids), repo.clubRatingsOf(club.id, ids)]);
      const defaults = () =>
        Object.fromEntries(PLAYABLE_VARIANTS.flatMap((v) => TIME_CLASSES.map((t) => [key(v, t), DEFAULT_ELO])));
      const list = members.map((m): ClubMember => {
        const elos: Record<string, number> = defaults();
        const clubElos: Record<string, number> = defaults();
        for (const r of global) if (r.userId === m.id) elos[key(r.variant, r.timeClass)] = r.elo;
        for (const r of inClub) if (r.userId === m.id) clubElos[key(r.variant, r.timeClass)] = r.elo;
        return {
          id: m.id,
          username: m.username,
          role: m.id === club.administratorId ? "administrator" : "member",
          elos,
          clubElos,
          online: deps.isOnline(m.id),
        };
      });
      return ok(list);
    },

    async leave(user: ClubUser, clubId: number): Promise<Result<string>> {
      const outcome = await repo.leave(clubId, user.userId);
      if (outcome === "not_member") return fail("not_found", CLUB_MESSAGES.unknownClub);
      live.unwatch(clubId, user.userId);
      if (outcome === "left") live.membersChanged(clubId);
      return ok(outcome === "closed" ? "You left the club; it had no other members and is closed" : CLUB_MESSAGES.left);
    },

    /**
     * The account closed: it leaves each of its clubs as Leave Club does (a club it administered passes to its
     * longest-standing member, one it was alone in closes), and its invitations and join requests go.
     */
    async accountClosed(userId: number): Promise<void> {
      for (const clubId of await repo.clubIdsOf(userId)) {
        if ((await repo.leave(clubId, userId)) === "left") live.membersChanged(clubId);
      }
      await repo.dropPendingOf(userId);
    },

    async posts(user: ClubUser, clubId: number): Promise<Result<Post[]>> {
      const club = await memberClub(user, clubId);
      if (!club.ok) return club;
      return ok((await repo.posts(clubId)).map((p) => ({ ...p, createdAt: p.createdAt.getTime() })));
    },

    async addPost(user: ClubUser, clubId: number, text: string): Promise<Result<number>> {
      const club = await memberClub(user, clubId);
      if (!club.ok) return club;
      const limited = await limit(`club-write:${user.userId}`, WRITES_PER_MINUTE, 60_000);
      if (limited) return limited;
      const { id, createdAt } = await repo.addPost(clubId, user.userId, text);
      live.postCreated(clubId, { id, author: user.username, text, createdAt: createdAt.getTime() });
      return ok(id);
    },

    async events(user: ClubUser, clubId: number): Promise<Result<ClubEvent[]>> {
      const club = await memberClub(user, clubId);
      if (!club.ok) return club;
      return ok(
        (await repo.events(clubId)).map((e) => ({
          id: e.id,
          title: e.title,
          event_date: e.eventDate,
          author: e.author,
          ...(e.tournamentId ? { tournamentId: e.tournamentId } : {}),
        })),
      );
    },

    async addEvent(user: ClubUser, clubId: number, title: string, eventDate: string): Promise<Result<number>> {
      const club = await memberClub(user, clubId);
      if (!club.ok) return club;
      const limited = await limit(`club-write:${user.userId}`, WRITES_PER_MINUTE, 60_000);
      if (limited) return limited;
      const id = await repo.addEvent(clubId, user.userId, title, eventDate);
      live.eventCreated(clubId, { id, title, event_date: eventDate, author: user.username });
      return ok(id);
    },
  };
}

export type ClubsService = ReturnType<typeof createClubsService>;
