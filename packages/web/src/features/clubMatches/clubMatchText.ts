import type { ClubMatchSummary } from "@chess/shared";

/** What a club's members read of a match. Pure: tested without a DOM. */

/** A score as chess players write it: 2½, ½, 0. */
export function points(n: number): string {
  const whole = Math.floor(n);
  const half = n - whole >= 0.5;
  if (!half) return String(whole);
  return whole === 0 ? "½" : `${whole}½`;
}

/** The club `clubId` and its opponent in `m`: ours first. */
export function sides(m: ClubMatchSummary, clubId: number) {
  return m.a.clubId === clubId
    ? { ours: m.a, theirs: m.b, side: "a" as const }
    : { ours: m.b, theirs: m.a, side: "b" as const };
}

/** "Starts in 2 days", "Starts in 5 hours", "Starting…" for a match not started. */
export function startsIn(startsAt: number, now: number): string {
  const ms = startsAt - now;
  if (ms <= 0) return "Starting…";
  const hours = Math.round(ms / 3_600_000);
  if (hours >= 48) return `Starts in ${Math.round(hours / 24)} days`;
  if (hours >= 1) return `Starts in ${hours} hour${hours === 1 ? "" : "s"}`;
  return `Starts in ${Math.max(1, Math.round(ms / 60_000))} min`;
}

/** One line on a match's state, from `clubId`'s side. */
export function matchState(m: ClubMatchSummary, clubId: number, now: number): string {
  const { ours, side } = sides(m, clubId);
  switch (m.status) {
    case "invited":
      return side === "a" ? "Waiting for their answer" : "They challenge us";
    case "open":
      return `Sign-up open · ${startsIn(m.startsAt, now)}`;
    case "started":
      return `In play · ${m.finishedGames} of ${m.totalGames} games over`;
    case "finished":
      if (m.winner === "draw") return "Drawn";
      return m.winner === side ? `Won · ${ours.players} boards` : `Lost · ${ours.players} boards`;
    case "declined":
      return "Declined";
    case "cancelled":
      return "Called off";
  }
}

/** The match with `changed` put in (a live update), newest first. */
export function withMatch(list: readonly ClubMatchSummary[], changed: ClubMatchSummary): ClubMatchSummary[] {
  const rest = list.filter((m) => m.matchId !== changed.matchId);
  return list.some((m) => m.matchId === changed.matchId)
    ? list.map((m) => (m.matchId === changed.matchId ? changed : m))
    : [changed, ...rest];
}
