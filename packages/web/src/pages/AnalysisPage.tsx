import type { GameRecord, ImportedGame } from "@chess/shared";
import { useEffect, useMemo, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { displayName, useIdentity } from "../features/accounts/index.ts";
import {
  type AnalysisApi,
  AnalysisView,
  analysisApi,
  analysisGame,
  gameSummary,
  ImportPanel,
  importedAnalysisGame,
  readRouteState,
} from "../features/analysis/index.ts";
import { tournamentPath } from "../features/tournaments/index.ts";
import { usePageTitle } from "../lib/usePageTitle.ts";
import { Page } from "./Page.tsx";
import "./AnalysisPage.css";

type RecordLoad = { gameId: string } & (
  | { kind: "loading" }
  | { kind: "done"; record: GameRecord }
  | { kind: "imported"; imported: ImportedGame }
  | { kind: "failed"; message: string }
);

/**
 * `/analysis`: a finished game with the engine's analysis (SPEC §2). Opened with route state
 * {moves, initialFen, playerColor, gameId, opponent}, or from the URL alone: `/analysis?gameId=…`; an imported
 * game at `/analysis?import=…`; without a game, the form that imports one.
 */
export function AnalysisPage({ client = analysisApi }: { client?: AnalysisApi }) {
  usePageTitle("Analysis");
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { identity } = useIdentity();
  const route = useMemo(() => readRouteState(location.state), [location.state]);
  const importId = params.get("import")?.trim() || undefined;
  const urlGameId = importId ?? (params.get("gameId")?.trim() || undefined);
  // Route state for another game than the URL names is stale (e.g. a link opened later).
  const usableRoute = route && (!urlGameId || !route.gameId || route.gameId === urlGameId) ? route : undefined;
  const gameId = urlGameId ?? usableRoute?.gameId;

  // The URL names the game, so a reload or a shared link opens it again.
  useEffect(() => {
    if (!urlGameId && !importId && route?.gameId) {
      void navigate(
        { search: `?gameId=${encodeURIComponent(route.gameId)}` },
        { replace: true, state: location.state, preventScrollReset: true },
      );
    }
  }, [urlGameId, importId, route?.gameId, navigate, location.state]);

  const [load, setLoad] = useState<RecordLoad | undefined>(undefined);
  useEffect(() => {
    if (!gameId) return;
    const controller = new AbortController();
    setLoad({ gameId, kind: "loading" });
    const fetched: Promise<RecordLoad> = importId
      ? client.importedGame(importId, controller.signal).then((imported) => ({ gameId, kind: "imported", imported }))
      : client.gameRecord(gameId, controller.signal).then((record) => ({ gameId, kind: "done", record }));
    fetched.then(
      (loaded) => setLoad(loaded),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ gameId, kind: "failed", message: error instanceof Error ? error.message : "Failed" });
      },
    );
    return () => controller.abort();
  }, [gameId, importId, client]);

  const current = load?.gameId === gameId ? load : undefined;
  const record = current?.kind === "done" ? current.record : undefined;
  const viewer = displayName(identity);
  const imported = current?.kind === "imported" ? current.imported : undefined;
  const game = useMemo(() => {
    if (importId) return imported && importedAnalysisGame(imported);
    return usableRoute || record ? analysisGame(usableRoute, record, viewer) : undefined;
  }, [importId, imported, usableRoute, record, viewer]);

  if (!game) {
    if (!gameId) {
      return (
        <Page
          title="Analysis"
          lead="Open a finished game to replay it move by move with the engine's evaluation: use View Analysis at the end of a game, or a game in a player's history. Or import one from another site."
        >
          <ImportPanel
            client={client}
            onImported={(id) => void navigate({ search: `?import=${encodeURIComponent(id)}` })}
          />
          <p>
            <Link to="/">Back to the lobby</Link>
          </p>
        </Page>
      );
    }
    const failed = current?.kind === "failed" ? current.message : undefined;
    return (
      <Page title="Analysis" lead={failed ?? "Loading the game…"}>
        {failed ? (
          <p>
            <Link to="/">Back to the lobby</Link>
          </p>
        ) : null}
      </Page>
    );
  }

  const summary = gameSummary(game);
  return (
    <div className="analysis-page">
      <header className="analysis-page__header">
        <h1>Analysis</h1>
        {summary ? <p className="analysis-page__summary">{summary}</p> : null}
        {importId ? <span className="analysis-page__tag">Imported</span> : null}
        <Link className="analysis-page__import" to="/analysis">
          Import a game
        </Link>
        {record?.tournament ? (
          <p className="analysis-page__summary">
            Played in <Link to={tournamentPath(record.tournament.id)}>{record.tournament.name}</Link>
          </p>
        ) : null}
      </header>
      <AnalysisView key={`${game.gameId}|${game.initialFen}|${game.sans.join(" ")}`} game={game} client={client} />
    </div>
  );
}
