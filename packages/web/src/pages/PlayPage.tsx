import { useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { LiveGameView, snapshotFromRouteState, useLiveGame } from "../features/game/index.ts";
import { ArenaFollow } from "../features/tournaments/index.ts";
import { Page } from "./Page.tsx";

/** `/play?gameId=…`: the live game, for its players and for spectators (SPEC §2). */
export function PlayPage() {
  const [params] = useSearchParams();
  const gameId = params.get("gameId")?.trim();
  if (!gameId) {
    return (
      <Page title="Live game" lead="No game is open. Create or accept a game in the lobby, or open a link to a game.">
        <p>
          <Link to="/">Back to the lobby</Link>
        </p>
      </Page>
    );
  }
  // A new game (e.g. a rematch) starts from a clean page.
  return <LiveGamePage key={gameId} gameId={gameId} />;
}

function LiveGamePage({ gameId }: { gameId: string }) {
  const location = useLocation();
  const [initial] = useState(() => {
    const game = snapshotFromRouteState(location.state, gameId, Date.now());
    const receivedAt = (location.state as { receivedAt?: number } | null)?.receivedAt;
    return game && receivedAt ? { game, receivedAt } : undefined;
  });
  const { state, loadError, notice, actions } = useLiveGame(gameId, { initial });
  if (!state) {
    return (
      <Page title="Live game" lead={loadError ?? "Loading the game…"}>
        {loadError ? (
          <p>
            <Link to="/">Back to the lobby</Link>
          </p>
        ) : null}
      </Page>
    );
  }
  // My arena game: the arena stays followed, so my next pairing opens from here as it ends.
  const arena = state.tournament && state.myColor !== null ? state.tournament.id : null;
  return (
    <>
      <LiveGameView state={state} notice={notice} actions={actions} />
      {arena ? <ArenaFollow tournamentId={arena} /> : null}
    </>
  );
}
