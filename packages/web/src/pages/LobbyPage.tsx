import { FreeBoard } from "../features/board/index.ts";
import { ChatPanel } from "../features/chat/index.ts";
import { ResumeGameBanner } from "../features/game/index.ts";
import { LobbyPanel } from "../features/lobby/index.ts";
import { Page } from "./Page.tsx";
import "./LobbyPage.css";

/** `/`: the lobby (SPEC §2): open offers with Create Game, the global chat, and the free board. */
export function LobbyPage() {
  return (
    <Page title="Play">
      <ResumeGameBanner />
      <div className="lobby">
        <div className="lobby__main">
          <LobbyPanel />
          <ChatPanel chatId="global" chatType="global" title="Chat" className="lobby__chat" />
        </div>
        <aside className="lobby__board" aria-label="Free board area">
          <FreeBoard />
        </aside>
      </div>
    </Page>
  );
}
