import { FreeBoard } from "../features/board/index.ts";
import { Page } from "./Page.tsx";
import "./LobbyPage.css";

/** `/`: the lobby. Offers, game creation and global chat come with the lobby area. */
export function LobbyPage() {
  return (
    <Page title="Play">
      <div className="lobby">
        <FreeBoard />
        <aside className="lobby__side card">
          <h2>Game lobby</h2>
          <p>Open game offers, Create Game and the global chat will be listed here.</p>
          <p className="lobby__hint">
            Until then the board is yours: drag any piece to any square to try an idea, flip it to see the other side.
          </p>
        </aside>
      </div>
    </Page>
  );
}
