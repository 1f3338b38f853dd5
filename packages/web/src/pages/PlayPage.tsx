import { Page } from "./Page.tsx";

/** `/play`: the live game; opened with route state when a game starts. */
export function PlayPage() {
  return (
    <Page
      title="Live game"
      lead="A live game opens here when one starts from the lobby: the board with both clocks, the move list and the game chat."
    />
  );
}
