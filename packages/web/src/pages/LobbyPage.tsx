import { Link } from "react-router";
import { ChatPanel } from "../features/chat/index.ts";
import { DailyOffersPanel, DailySummary } from "../features/daily/index.ts";
import { useLiveGames } from "../features/game/index.ts";
import { FreeBoard, LobbyPanel, LobbyStart } from "../features/lobby/index.ts";
import { QuickPairing } from "../features/pairing/index.ts";
import { TournamentList } from "../features/tournaments/index.ts";
import { Page } from "./Page.tsx";
import "./LobbyPage.css";

/**
 * `/`: the lobby (SPEC §2): quick pairing with Create Game and Play with the computer beside its tiles (as on
 * lichess), the open offers, the tournaments, the global chat, and the free board.
 */
export function LobbyPage() {
  // Known to the server, so another tab, browser or device finds the game too.
  const liveGames = useLiveGames();
  return (
    <Page title="Play" aside={<Link to="/watch">Watch live games</Link>}>
      <div className="lobby">
        <div className="lobby__main">
          <DailySummary />
          <div className="lobby__play">
            <div className="lobby__play-row">
              <QuickPairing />
              <LobbyStart liveGames={liveGames} />
            </div>
          </div>
          <LobbyPanel />
          <TournamentList />
          <DailyOffersPanel />
          <ChatPanel chatId="global" chatType="global" title="Chat" className="lobby__chat" />
        </div>
        <aside className="lobby__board" aria-label="Free board area">
          <FreeBoard />
        </aside>
      </div>
    </Page>
  );
}
