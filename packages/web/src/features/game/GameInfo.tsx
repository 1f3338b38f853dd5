import { Link } from "react-router";
import { formatEloDelta } from "../../lib/ratingText.ts";
import { playerNames } from "./gameSelectors.ts";
import type { GameState } from "./gameStore.ts";
import { gameTypeLabel } from "./gameText.ts";
import { jumpstartStartText } from "./jumpstartStart.ts";
import "./GamePanels.css";

/**
 * Left panel head (SPEC §2): "me vs opponent" (white vs black for spectators) and, while the game is on, the
 * rating stakes. Once it is over the game-over box says the rating change itself (or that the game was not
 * rated): what a win would have given is no longer worth a line.
 */
export function GameInfo({ state }: { state: GameState }) {
  const { me, opponent } = playerNames(state);
  const spectator = state.myColor === null;
  const over = state.status !== "active";
  return (
    <section className="game-info card" aria-label="Game">
      <h1 className="game-info__title">
        <span className="game-info__name">{me}</span> <span className="game-info__vs">vs</span>{" "}
        <span className="game-info__name">{opponent}</span>
      </h1>
      <p className="game-info__type">{gameTypeLabel(state)}</p>
      {state.variant === "jumpstart" ? (
        <p className="game-info__start" data-testid="jumpstart-start">
          {jumpstartStartText(state.initialFen, state.startEval)}
        </p>
      ) : null}
      {state.tournament ? (
        <p className="game-info__tournament">
          <Link to={`/tournament/${encodeURIComponent(state.tournament.id)}`}>{state.tournament.name}</Link>
        </p>
      ) : null}
      {spectator ? (
        <p className="game-info__spectating">Spectating</p>
      ) : over ? null : state.rated ? (
        <dl className="game-info__deltas" aria-label="Rating changes">
          <div>
            <dt>Win</dt>
            <dd className="game-info__delta--win">{formatEloDelta(state.eloDeltas.winEloDelta)}</dd>
          </div>
          <div>
            <dt>Draw</dt>
            <dd>{formatEloDelta(state.eloDeltas.drawEloDelta)}</dd>
          </div>
          <div>
            <dt>Loss</dt>
            <dd className="game-info__delta--loss">{formatEloDelta(state.eloDeltas.lossEloDelta)}</dd>
          </div>
        </dl>
      ) : (
        <p className="game-info__casual">Casual game - not rated</p>
      )}
    </section>
  );
}
