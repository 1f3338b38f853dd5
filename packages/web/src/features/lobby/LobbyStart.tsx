import type { CreateGameOfferPayload, LiveGame } from "@chess/shared";
import { useCallback, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { PlayComputerButton } from "../computer/index.ts";
import { CreateGameModal } from "./CreateGameModal.tsx";
import "./LobbyStart.css";

/**
 * Beside the quick pairing tiles (lichess's lobby start): Create Game and Play with the computer. The offer
 * made here comes back as `offerCreated`, which the open games list (LobbyPanel) shows as mine.
 */
export function LobbyStart({ liveGames = [] }: { liveGames?: LiveGame[] }) {
  const realtime = useRealtime();
  const [creating, setCreating] = useState(false);
  const create = useCallback(
    async (payload: CreateGameOfferPayload) => {
      const answer = await realtime.request("createGameOffer", payload);
      return answer.ok ? undefined : answer.message;
    },
    [realtime],
  );
  return (
    <div className="lobby-start">
      <div className="lobby-start__buttons">
        <Button variant="primary" className="lobby-start__button" onClick={() => setCreating(true)}>
          Create Game
        </Button>
        <PlayComputerButton className="lobby-start__button" />
      </div>
      {creating ? <CreateGameModal onClose={() => setCreating(false)} onCreate={create} liveGames={liveGames} /> : null}
    </div>
  );
}
