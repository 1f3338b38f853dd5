import type { Color } from "@chess/shared";
import type { GameResult } from "./gameStore.ts";
import { endReasonText, gameOverHeadline } from "./gameText.ts";

/** Moves, clocks and results in words, for screen readers. Pure. */

const PIECE_WORD: Record<string, string> = {
  k: "king",
  q: "queen",
  r: "rook",
  b: "bishop",
  n: "knight",
  p: "pawn",
};

const SAN = /^([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=([QRBN]))?([+#])?$/;

/**
 * SAN in words: "Nxe5+" → "knight takes pawn on e5, check" (with `captured` "p"), "O-O" → "castles kingside",
 * "e8=Q#" → "pawn to e8, promotes to queen, checkmate". Text that is not SAN is returned as it is.
 */
export function spokenSan(san: string, captured?: string): string {
  const suffix = san.endsWith("#") ? ", checkmate" : san.endsWith("+") ? ", check" : "";
  const bare = san.replace(/[+#]$/, "");
  if (bare === "O-O") return `castles kingside${suffix}`;
  if (bare === "O-O-O") return `castles queenside${suffix}`;
  const m = SAN.exec(bare);
  if (!m) return san;
  const [, piece, fromFile, fromRank, capture, to, promotion] = m;
  const who = PIECE_WORD[(piece ?? "p").toLowerCase()];
  const from = piece && (fromFile || fromRank) ? ` from ${fromFile ?? ""}${fromRank ?? ""}` : "";
  const victim = captured ? PIECE_WORD[captured.toLowerCase()] : undefined;
  const action = capture ? (victim ? `takes ${victim} on ${to}` : `takes on ${to}`) : `to ${to}`;
  const promotes = promotion ? `, promotes to ${PIECE_WORD[promotion.toLowerCase()]}` : "";
  return `${who}${from} ${action}${promotes}${suffix}`;
}

/** "Black played knight to f6". */
export function moveAnnouncement(mover: Color, san: string, captured?: string): string {
  return `${mover === "w" ? "White" : "Black"} played ${spokenSan(san, captured)}`;
}

/** "Gameover! Winner is: bob. Checkmate." */
export function gameEndAnnouncement(result: GameResult, myColor: Color | null = null): string {
  return `${gameOverHeadline(result)}. ${endReasonText(result, myColor)}.`;
}

/** "4 minutes 59 seconds", "1 minute 0 seconds", "0 seconds". */
export function spokenClock(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const s = `${seconds} second${seconds === 1 ? "" : "s"}`;
  return minutes > 0 ? `${minutes} minute${minutes === 1 ? "" : "s"} ${s}` : s;
}
