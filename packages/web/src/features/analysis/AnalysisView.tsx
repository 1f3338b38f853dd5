import { type AnalysisEntry, divideGame, type MoveQuality, moveQuality, scoreOf } from "@chess/shared";
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { useIdentity } from "../accounts/index.ts";
import {
  hasSiblings,
  isTypingTarget,
  type MoveStep,
  MoveTreeView,
  nodeOf,
  type PlayedMove,
  pathTo,
  replayLine,
  type TreeStep,
  useMoveKeys,
} from "../board/index.ts";
import { OpeningName } from "../openings/index.ts";
import { AnalysisBoard } from "./AnalysisBoard.tsx";
import { BestLine, EngineStatus, MoveMark, NavIcon, PlayerRow, STEP_BUTTONS } from "./AnalysisParts.tsx";
import { type AnalysisApi, analysisApi } from "./analysisApi.ts";
import type { AnalysisGame } from "./analysisGame.ts";
import { shownEntries } from "./analysisStore.ts";
import { plyLabels } from "./bestLine.ts";
import { EvalBar } from "./EvalBar.tsx";
import { EvalChart } from "./EvalChart.tsx";
import { LocalEnginePanel } from "./LocalEnginePanel.tsx";
import { MarksList } from "./MarksList.tsx";
import { MarkPicker, VerdictCard } from "./MoveReview.tsx";
import { gameMarks, MARKS_OF, type MarkMode, markCounts, storedMarkMode, storeMarkMode } from "./marks.ts";
import { accuracies, phaseAccuracies } from "./moveQualities.ts";
import { buildPgn, pgnFileName } from "./pgn.ts";
import { QualityTable } from "./QualityTable.tsx";
import {
  branchPoint,
  canStep,
  gamePly,
  initialTree,
  shownFen,
  shownMove,
  shownSans,
  treeReducer,
} from "./treeStore.ts";
import { useGameAnalysis } from "./useGameAnalysis.ts";
import { knownLineEval, lineKey, useLineEval } from "./useLineEval.ts";
import { storedLocalEngineOn, storeLocalEngineOn, useLocalEngine } from "./useLocalEngine.ts";
import { useSavedTree } from "./useSavedTree.ts";
import { TreeMenu, VariationPanel } from "./VariationPanel.tsx";
import { moveVerdict } from "./verdict.ts";
import "./AnalysisView.css";
import { PlayComputerButton } from "../computer/index.ts";

export interface AnalysisViewProps {
  game: AnalysisGame;
  client?: AnalysisApi;
}

/** The analysis board of one game (SPEC §2 /analysis, §4 Analysis). */
export function AnalysisView({ game, client = analysisApi }: AnalysisViewProps) {
  const { identity } = useIdentity();
  const {
    fens,
    moves: plies,
    invalid,
  } = useMemo(() => replayLine(game.initialFen, game.sans), [game.initialFen, game.sans]);
  const gameSans = useMemo(() => plies.map((p) => p.san), [plies]);
  const [nav, dispatch] = useReducer(treeReducer, undefined, () =>
    initialTree(game.initialFen, plies, game.variations),
  );
  useSavedTree(game, nav.tree, dispatch, { loggedIn: identity.kind !== "guest", client });
  const [menu, setMenu] = useState<{ id: string; x: number; y: number } | null>(null);
  const [orientation, setOrientation] = useState(game.playerColor);
  const analysis = useGameAnalysis(game.gameId, identity.kind !== "guest", { client });
  const entries = shownEntries(analysis.state);
  // A guest who logs in from the prompt gets the analysis they asked for.
  const waitingForLogin =
    analysis.state.enabled && analysis.state.request.kind === "failed" && !!analysis.state.request.loginRequired;
  const { setEnabled } = analysis;
  useEffect(() => {
    if (waitingForLogin && identity.kind === "user") setEnabled(true);
  }, [waitingForLogin, identity.kind, setEnabled]);

  const ply = gamePly(nav);
  const variation = ply === null;
  const branchPly = nodeOf(nav.tree, branchPoint(nav))?.ply ?? 0;
  const shownMoves = shownSans(nav);
  const lineEval = useLineEval(entries !== undefined && variation, game.initialFen, shownMoves, client);
  const fen = shownFen(nav);
  // The opening of the line shown, a variation included.
  const openingFens = useMemo(
    () => [nav.tree.fen, ...(pathTo(nav.tree, nav.current) ?? []).map((n) => n.move.fen)],
    [nav.tree, nav.current],
  );
  const [localOn, setLocalOn] = useState(storedLocalEngineOn);
  const local = useLocalEngine(localOn, fen);
  const lastMove = shownMove(nav);

  const [markMode, setMarkMode] = useState<MarkMode>(storedMarkMode);
  const chooseMarks = useCallback((mode: MarkMode) => {
    setMarkMode(mode);
    storeMarkMode(mode);
  }, []);
  const qualities = useMemo(
    () => (entries ? gameMarks(entries, plies, markMode) : undefined),
    [entries, plies, markMode],
  );
  const evals = useMemo(() => entries?.slice(0, fens.length).map((e) => e.eval), [entries, fens.length]);
  const division = useMemo(() => divideGame(fens), [fens]);
  const labels = useMemo(() => plyLabels(game.initialFen, gameSans), [game.initialFen, gameSans]);

  const current: AnalysisEntry | undefined = variation
    ? lineEval.kind === "done"
      ? lineEval.entry
      : undefined
    : entries?.[ply ?? 0];
  const lastQuality: MoveQuality | null | undefined = variation
    ? markMode === "lichess"
      ? (current?.judgement ?? null)
      : variationQuality(entries?.[branchPly], game.initialFen, shownMoves, shownMoves.length - branchPly, current)
    : qualities?.[ply];
  const verdict = ply !== null && entries && qualities ? moveVerdict(ply, qualities, fens, plies, entries) : undefined;

  const step = useCallback((step: TreeStep) => dispatch({ type: "step", step }), []);
  useMoveKeys((key) => step(STEPS[key]));
  // ↑ ↓ go between the moves tried at the same point; where there are none, to the start and the end.
  const siblings = hasSiblings(nav.tree, nav.current);
  useUpDown((up) => step(siblings ? (up ? "up" : "down") : up ? "first" : "last"));

  const onBoardMove = useCallback((move: PlayedMove) => dispatch({ type: "play", move }), []);
  const names = { white: game.white ?? "White", black: game.black ?? "Black" };
  const bottom = orientation;
  const top = orientation === "white" ? "black" : "white";

  const downloadPgn = () => {
    const site = game.gameId
      ? `${window.location.origin}/analysis?gameId=${encodeURIComponent(game.gameId)}`
      : window.location.origin;
    const pgn = buildPgn({ ...game, sans: gameSans }, { site, tree: nav.tree, ...(evals ? { evals } : {}) });
    const url = URL.createObjectURL(new Blob([pgn], { type: "application/x-chess-pgn" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = pgnFileName(game);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  return (
    <div className="analysis">
      <div className="analysis__board-area">
        <PlayerRow color={top} name={names[top]} place="top" />
        <div className="analysis__board-row">
          {entries ? (
            <EvalBar evaluation={current?.eval} orientation={orientation} />
          ) : (
            <div className="analysis__bar-slot" aria-hidden="true" />
          )}
          <div className="analysis__board">
            <AnalysisBoard
              fen={fen}
              orientation={orientation}
              lastMove={lastMove}
              lastQuality={entries ? lastQuality : null}
              {...(entries && current?.moves[0] ? { bestMove: current.moves[0] } : {})}
              onMove={onBoardMove}
            />
          </div>
        </div>
        <PlayerRow color={bottom} name={names[bottom]} place="bottom" />
        <div className="analysis__controls">
          {STEP_BUTTONS.map((b) => (
            <Button
              key={b.to}
              variant="ghost"
              aria-label={b.label}
              title={b.title}
              onClick={() => step(b.to)}
              disabled={!canStep(nav, b.to)}
            >
              <NavIcon d={b.icon} />
            </Button>
          ))}
          <Button
            variant="ghost"
            aria-label="Swap orientation"
            title="Swap orientation"
            onClick={() => setOrientation((o) => (o === "white" ? "black" : "white"))}
          >
            <NavIcon d="M7 4v13m0 0l-3-3m3 3l3-3M17 20V7m0 0l-3 3m3-3l3 3" />
          </Button>
        </div>
        <div className="analysis__continue">
          <PlayComputerButton label="Continue from here against the computer" fen={() => fen} variant="ghost" />
        </div>
      </div>

      <div className="analysis__side">
        <section className="analysis__engine card" aria-label="Engine analysis">
          <label className="analysis-switch">
            <input
              type="checkbox"
              checked={analysis.state.enabled}
              onChange={(e) => analysis.setEnabled(e.currentTarget.checked)}
            />
            <span className="analysis-switch__track" aria-hidden="true" />
            <span className="analysis-switch__text">Enable Analysis</span>
          </label>
          <EngineStatus analysis={analysis} />
          {entries ? (
            <BestLine
              fen={fen}
              entry={current}
              pending={variation && lineEval.kind === "pending"}
              error={variation && lineEval.kind === "failed" ? lineEval.message : undefined}
            />
          ) : null}
          {verdict ? (
            <VerdictCard
              verdict={verdict}
              moveLabel={labels[verdict.ply] ?? verdict.played}
              onShowLine={() => dispatch({ type: "showLine", ply: verdict.ply - 1, moves: verdict.bestLine })}
            />
          ) : null}
          {entries ? <MarkPicker mode={markMode} onChange={chooseMarks} /> : null}
          <LocalEnginePanel
            on={localOn}
            onToggle={(on) => {
              setLocalOn(on);
              storeLocalEngineOn(on);
            }}
            state={local}
            fen={fen}
            onPlayLine={(moves) => dispatch({ type: "playLine", moves })}
          />
        </section>
        <section className="analysis__moves card" aria-labelledby="analysis-moves-title">
          <h2 id="analysis-moves-title">Moves</h2>
          <OpeningName fens={openingFens} />
          <MoveTreeView
            tree={nav.tree}
            current={nav.current}
            {...(game.comment ? { startComment: game.comment } : {})}
            {...(qualities
              ? { annotate: (node) => (node.game ? <MoveMark quality={qualities[node.ply]} /> : null) }
              : {})}
            onSelect={(id) => dispatch({ type: "goto", id })}
            onMenu={(id, at) => {
              dispatch({ type: "goto", id });
              setMenu({ id, ...at });
            }}
            emptyText="No moves"
          />
          {invalid ? (
            <p className="analysis__note">The game's record stops at an unreadable move ({invalid}).</p>
          ) : null}
          <VariationPanel state={nav} dispatch={dispatch} />
          {menu ? <TreeMenu {...menu} state={nav} dispatch={dispatch} onClose={() => setMenu(null)} /> : null}
          <Button variant="ghost" className="analysis__download" onClick={downloadPgn}>
            <NavIcon d="M12 4v11m0 0l-4-4m4 4l4-4M5 19h14" />
            Download PGN
          </Button>
        </section>
      </div>

      {entries && evals && qualities ? (
        <section className="analysis__report card" aria-labelledby="analysis-report-title">
          <h2 id="analysis-report-title" className="visually-hidden">
            Game report
          </h2>
          <div className="analysis__chart">
            <h3 id="analysis-chart-title">Evaluation</h3>
            <EvalChart
              evals={evals}
              labels={labels}
              qualities={qualities}
              currentPly={ply}
              division={division}
              onSelect={(ply) => dispatch({ type: "gotoPly", ply })}
            />
          </div>
          <section className="analysis__quality" aria-label="Move quality summary">
            <QualityTable
              rows={MARKS_OF[markMode]}
              counts={markCounts(qualities, entries, markMode)}
              accuracy={accuracies(entries)}
              phases={phaseAccuracies(entries, fens.slice(0, entries.length))}
              white={names.white}
              black={names.black}
            />
          </section>
          <MarksList
            qualities={qualities}
            labels={labels}
            currentPly={ply}
            white={names.white}
            black={names.black}
            onSelect={(ply) => dispatch({ type: "gotoPly", ply })}
          />
        </section>
      ) : null}
    </div>
  );
}

const STEPS: Record<MoveStep, TreeStep> = { back: "back", forward: "forward", first: "first", last: "last" };

/** ArrowUp (true) and ArrowDown (false) pressed on the page, unless typed or used by a control. */
function useUpDown(onKey: (up: boolean) => void) {
  const handler = useRef(onKey);
  useLayoutEffect(() => {
    handler.current = onKey;
  });
  useEffect(() => {
    const listen = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) {
        return;
      }
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      event.preventDefault();
      handler.current(event.key === "ArrowUp");
    };
    document.addEventListener("keydown", listen);
    return () => document.removeEventListener("keydown", listen);
  }, []);
}

/** The quality of the last variation move, when the evals before and after it are known. */
function variationQuality(
  branchEntry: AnalysisEntry | undefined,
  initialFen: string,
  moves: readonly string[],
  variationLength: number,
  after: AnalysisEntry | undefined,
): MoveQuality | null {
  if (!after) return null;
  const previous = variationLength <= 1 ? branchEntry : knownLineEval(lineKey(initialFen, moves.slice(0, -1)));
  return previous ? moveQuality(scoreOf(previous.eval), scoreOf(after.eval), previous.turn) : null;
}
