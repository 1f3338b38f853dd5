import { type LeaderboardSummary, TIME_CLASS_LABEL, VARIANT_LABELS, type Variant } from "@chess/shared";
import { Link } from "react-router";
import { LeaderboardRows } from "./LeaderboardRows.tsx";
import { DEFAULT_FILTERS, type OverviewState } from "./leaderboardsStore.ts";
import { boardSearch } from "./leaderboardsUrl.ts";

/** Variants in the order a player looks for them. */
const VARIANT_ORDER: readonly Variant[] = ["standard", "fun", "jumpstart"];

const boardTitle = (b: LeaderboardSummary) => `${VARIANT_LABELS[b.gameVariant]} ${TIME_CLASS_LABEL[b.timeVariant]}`;

const boardLink = (b: LeaderboardSummary) =>
  `/leaderboards${boardSearch({
    filters: { ...DEFAULT_FILTERS, variant: b.gameVariant, timeClass: b.timeVariant },
    pageNo: 1,
  })}`;

/** One board's top players, linking to the board in full. */
function BoardCard({ board }: { board: LeaderboardSummary }) {
  const title = boardTitle(board);
  return (
    <article className="lb-card card" aria-label={title} data-testid="leaderboard-card">
      <header className="lb-card__head">
        <h3>
          <Link to={boardLink(board)}>{TIME_CLASS_LABEL[board.timeVariant]}</Link>
        </h3>
        <span className="lb-card__count">
          {board.players.toLocaleString("en")} {board.players === 1 ? "player" : "players"}
        </span>
      </header>
      {board.rows.length === 0 ? (
        <p className="lb-card__empty">No rated games yet</p>
      ) : (
        <LeaderboardRows rows={board.rows} label={`${title}, top ${board.rows.length}`} compact />
      )}
      {board.players > 0 ? (
        <Link className="lb-card__more" to={boardLink(board)}>
          Full {title} leaderboard
        </Link>
      ) : null}
    </article>
  );
}

/** The top players of every board, by variant (lichess's /player); boards nobody played stay small. */
export function LeaderboardsOverview({ overview }: { overview: OverviewState }) {
  if (overview.error) {
    return (
      <p className="leaderboards__error" role="alert">
        {overview.error}
      </p>
    );
  }
  if (overview.status === "loading") return <p className="leaderboards__muted">Loading the top players…</p>;
  const byVariant = VARIANT_ORDER.map((variant) => ({
    variant,
    boards: overview.boards.filter((b) => b.gameVariant === variant),
  }));
  const played = byVariant.filter((v) => v.boards.some((b) => b.players > 0));
  const unplayed = byVariant.filter((v) => !played.includes(v));
  if (played.length === 0) return <p className="leaderboards__empty">No rated games yet: play one to be ranked.</p>;
  return (
    <div className="lb-overview">
      {played.map(({ variant, boards }) => (
        <section key={variant} className="lb-overview__variant" aria-label={`${VARIANT_LABELS[variant]} leaderboards`}>
          <h2>{VARIANT_LABELS[variant]}</h2>
          <div className="lb-overview__grid">
            {boards.map((b) => (
              <BoardCard key={b.timeVariant} board={b} />
            ))}
          </div>
        </section>
      ))}
      {unplayed.length > 0 ? (
        <p className="leaderboards__muted">
          No rated {unplayed.map((v) => VARIANT_LABELS[v.variant]).join(" or ")} games yet.
        </p>
      ) : null}
    </div>
  );
}
