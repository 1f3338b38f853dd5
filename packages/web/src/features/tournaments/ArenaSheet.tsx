import type { ArenaSheetEntry } from "@chess/shared";
import { sheetMarks } from "./arenaText.ts";

/**
 * A player's games as score digits, lichess's sheet: doubled points on fire stand out, a berserk point is
 * marked. Each digit is a button: its title is the tooltip, a tap says the rule (`onExplain`).
 */
export function ArenaSheet({
  sheet,
  onExplain,
}: {
  sheet: readonly ArenaSheetEntry[];
  onExplain: (text: string) => void;
}) {
  if (sheet.length === 0)
    return (
      <span className="arena-sheet arena-sheet--empty">
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">No games yet</span>
      </span>
    );
  return (
    <span className="arena-sheet">
      {sheetMarks(sheet).map((m) => (
        <button
          key={m.gameId}
          type="button"
          className={["arena-sheet__game", m.fire ? "is-fire" : "", m.berserk ? "is-berserk" : ""]
            .filter(Boolean)
            .join(" ")}
          title={m.text}
          aria-label={`${m.points}: ${m.text}`}
          onClick={() => onExplain(m.text)}
        >
          {m.points}
          {m.berserk ? <span aria-hidden="true">⚡</span> : null}
        </button>
      ))}
    </span>
  );
}
