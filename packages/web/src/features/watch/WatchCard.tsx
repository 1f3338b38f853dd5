import type { Color } from "@chess/shared";
import { Link } from "react-router";
import { formatClock } from "../game/index.ts";
import { MiniBoard } from "./MiniBoard.tsx";
import { clocksAt, gameLine, matchTitle, moveCountText, ratingText, type ShownGame } from "./watchStore.ts";

/** One live game of the list: its position, players, clocks and kind; a click opens it as a spectator. */
export function WatchCard({ game, now }: { game: ShownGame; now: number }) {
  const clocks = clocksAt(game, now);
  const side = (color: Color) => {
    const player = color === "w" ? game.white : game.black;
    const toMove = game.turn === color;
    return (
      <div className={`watch-card__player${toMove ? " watch-card__player--to-move" : ""}`}>
        <span className={`watch-card__dot watch-card__dot--${color}`} aria-hidden="true" />
        <span className="watch-card__name">{player.name}</span>
        <span className="watch-card__rating">{ratingText(player)}</span>
        {game.untimed ? null : (
          <span className="watch-card__clock" data-ticking={(toMove && game.clockRunning) || undefined}>
            {formatClock(clocks[color])}
          </span>
        )}
      </div>
    );
  };
  return (
    <li className="watch-card card">
      <Link
        className="watch-card__link"
        to={`/play?gameId=${encodeURIComponent(game.gameId)}`}
        aria-label={`Watch ${matchTitle(game)}, ${gameLine(game)}, ${moveCountText(game.ply)}`}
      >
        {side("b")}
        <MiniBoard
          fen={game.fen}
          lastMove={game.lastMove}
          label={`Position after ${moveCountText(game.ply).toLowerCase()}`}
        />
        {side("w")}
        <p className="watch-card__meta">
          <span>{gameLine(game)}</span>
          <span>{moveCountText(game.ply)}</span>
        </p>
      </Link>
    </li>
  );
}
