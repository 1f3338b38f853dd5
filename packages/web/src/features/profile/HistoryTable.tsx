import type { HistoryRow } from "@chess/shared";
import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { pgnHref } from "./profileApi.ts";
import {
  analysisHref,
  analysisState,
  eloTrend,
  formatDate,
  formatEloChange,
  moveCount,
  speedLabel,
} from "./profileText.ts";
import { ResultIcon } from "./ResultIcon.tsx";
import "./HistoryTable.css";

const MOVES_HINT = "Full moves: one move is a White move and Black's reply, so half-moves ÷ 2, rounded up";

/** The games of one history page (SPEC §2 Profile). A row opens the game's analysis. */
export function HistoryTable({ rows, busy }: { rows: HistoryRow[]; busy: boolean }) {
  const navigate = useNavigate();
  function open(row: HistoryRow, event: MouseEvent) {
    // Links inside the row (analysis, PGN) do their own thing.
    if ((event.target as Element).closest("a")) return;
    void navigate(analysisHref(row.gameId), { state: analysisState(row) });
  }
  return (
    <div className="history-table__scroll">
      <table className="history-table" aria-label="Game history" aria-busy={busy || undefined}>
        <thead>
          <tr>
            <th scope="col" className="history-table__player">
              Player
            </th>
            <th scope="col">Opponent</th>
            <th scope="col" className="history-table__time">
              Time
            </th>
            <th scope="col" className="history-table__center">
              Result
            </th>
            <th scope="col" className="history-table__num history-table__moves">
              <abbr title={MOVES_HINT}>Moves</abbr>
            </th>
            <th scope="col" className="history-table__num">
              Rating
            </th>
            <th scope="col" className="history-table__date">
              Date
            </th>
            <th scope="col">
              <span className="visually-hidden">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const trend = eloTrend(row.eloChange);
            return (
              <tr key={row.gameId} className="history-table__row" onClick={(e) => open(row, e)}>
                <td className="history-table__player">
                  <ColorDot color={row.player1Color} />
                  {row.username1}
                </td>
                <td className="history-table__opponent">
                  <ColorDot color={row.player2Color} />
                  <Link
                    to={analysisHref(row.gameId)}
                    state={analysisState(row)}
                    className="history-table__open"
                    aria-label={`Analyse the game against ${row.username2}`}
                  >
                    {row.username2}
                  </Link>
                  {/* On a phone the time, moves and date columns are hidden and shown here, under the name. */}
                  <span className="history-table__subline">{subline(row)}</span>
                  {row.tournament ? (
                    <Link
                      className="history-table__tournament"
                      to={`/tournament/${encodeURIComponent(row.tournament.id)}`}
                    >
                      {row.tournament.name}
                    </Link>
                  ) : null}
                </td>
                <td className="history-table__time">
                  {speedLabel(row)}
                  {row.rated ? null : <span className="history-table__casual"> · casual</span>}
                </td>
                <td className="history-table__center">
                  <ResultIcon result={row.result} />
                </td>
                <td className="history-table__num history-table__moves">{moveCount(row.moves)}</td>
                <td className={`history-table__num history-table__elo history-table__elo--${trend}`}>
                  {formatEloChange(row.eloChange)}
                </td>
                <td className="history-table__date">{formatDate(row.endedAt)}</td>
                <td>
                  <a
                    className="history-table__pgn"
                    href={pgnHref(row.gameId)}
                    download
                    aria-label={`Download PGN of the game against ${row.username2}`}
                  >
                    PGN
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** "Blitz 3+2 · 12 moves · 22 Nov 2026", or "Rapid 10+0 · casual · 1 move · …". */
function subline(row: HistoryRow): string {
  const moves = moveCount(row.moves);
  const casual = row.rated ? [] : ["casual"];
  const count = `${moves} ${moves === 1 ? "move" : "moves"}`;
  return [speedLabel(row), ...casual, count, formatDate(row.endedAt)].join(" · ");
}

function ColorDot({ color }: { color: "white" | "black" }) {
  return (
    <span className={`color-dot color-dot--${color}`} title={color === "white" ? "White" : "Black"}>
      <span className="visually-hidden">{color === "white" ? "White: " : "Black: "}</span>
    </span>
  );
}
