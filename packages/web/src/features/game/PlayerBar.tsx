import type { Color } from "@chess/shared";
import { formatEloDelta } from "../../lib/ratingText.ts";
import { usePieces } from "../board/index.ts";
import { formatClock } from "./gameClock.ts";
import type { CapturablePiece, MaterialSide } from "./material.ts";
import { spokenClock } from "./moveSpeech.ts";
import "./PlayerBar.css";

export interface PlayerBarProps {
  name: string;
  color: Color;
  /** Time left in ms at this render; null in a game without a clock (none is shown). */
  timeMs: number | null;
  /** This side's clock is the one running. */
  ticking: boolean;
  /** It is this side's turn (its clock is highlighted even before clocks run). */
  toMove: boolean;
  /** Under this many ms the clock is drawn as running low, e.g. 37500 in a 5+0. */
  lowMs: number;
  material: MaterialSide;
  /** "top" above the board (the opponent), "bottom" below it (me). */
  place: "top" | "bottom";
  /** The rating the game started with, e.g. 1500; null or absent for a guest. */
  rating?: number | null;
  /** Its change once the game is over, e.g. -8. */
  ratingChange?: number | undefined;
  /** An arena game: this player berserked (half the clock). */
  berserk?: boolean;
}

const PIECE_NAMES: Record<CapturablePiece, string> = {
  q: "queen",
  r: "rook",
  b: "bishop",
  n: "knight",
  p: "pawn",
};

/** A player's row by the board: name, the pieces they captured, their material lead and their clock. */
export function PlayerBar({
  name,
  color,
  timeMs,
  ticking,
  toMove,
  lowMs,
  material,
  place,
  rating = null,
  ratingChange,
  berserk,
}: PlayerBarProps) {
  const low = timeMs !== null && timeMs < lowMs;
  const clockClass = ["clock", toMove ? "clock--to-move" : "", low ? "clock--low" : ""].filter(Boolean).join(" ");
  return (
    <div className={`player-bar player-bar--${place}`} data-testid={`player-bar-${place}`}>
      <div className="player-bar__who">
        <span className="player-bar__id">
          <span className={`player-bar__dot player-bar__dot--${color}`} aria-hidden="true" />
          <span className="player-bar__name">{name}</span>
          {rating === null ? null : (
            <span className="player-bar__rating" data-testid="player-rating">
              {rating}
              {ratingChange === undefined ? null : (
                <span className={`player-bar__change player-bar__change--${changeKind(ratingChange)}`}>
                  {formatEloDelta(ratingChange)}
                </span>
              )}
            </span>
          )}
          {berserk ? (
            <span className="player-bar__berserk" title="Berserk: half the clock, for a bonus point">
              ⚡<span className="visually-hidden"> berserk</span>
            </span>
          ) : null}
        </span>
        <CapturedPieces pieces={material.captured} capturedColor={color === "w" ? "b" : "w"} />
        {material.advantage > 0 ? <span className="player-bar__advantage">+{material.advantage}</span> : null}
      </div>
      {timeMs === null ? null : (
        <div
          className={clockClass}
          role="timer"
          // The label changes once a second, and a timer is never read out by itself (aria-live off):
          // a screen reader hears the time when it reaches the clock.
          aria-label={`${name}'s clock: ${spokenClock(timeMs)}${ticking ? ", running" : ""}`}
          aria-live="off"
          data-ticking={ticking || undefined}
          data-low={low || undefined}
        >
          {formatClock(timeMs)}
        </div>
      )}
    </div>
  );
}

const changeKind = (change: number) => (Math.round(change) > 0 ? "up" : Math.round(change) < 0 ? "down" : "even");

/** The captured pieces, grouped by kind, queen first. */
export function CapturedPieces({ pieces, capturedColor }: { pieces: CapturablePiece[]; capturedColor: Color }) {
  const pieceSet = usePieces();
  if (pieces.length === 0) return null;
  const groups: Array<{ piece: CapturablePiece; count: number }> = [];
  for (const piece of pieces) {
    const last = groups.at(-1);
    if (last?.piece === piece) last.count += 1;
    else groups.push({ piece, count: 1 });
  }
  const label = groups.map((g) => `${g.count} ${PIECE_NAMES[g.piece]}${g.count > 1 ? "s" : ""}`).join(", ");
  return (
    <span className="captured" role="img" aria-label={`Captured: ${label}`}>
      {groups.map(({ piece, count }) => (
        <span key={piece} className="captured__group">
          {Array.from({ length: count }, (_, i) => {
            const render = pieceSet[`${capturedColor}${piece.toUpperCase()}`];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical pieces in a fixed order
              <span key={i} className="captured__piece">
                {render ? render({ svgStyle: { width: "100%", height: "100%" } }) : null}
              </span>
            );
          })}
        </span>
      ))}
    </span>
  );
}
