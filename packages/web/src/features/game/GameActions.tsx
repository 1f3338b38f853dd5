import { Button } from "../../components/Button.tsx";
import { canAbort } from "./gameSelectors.ts";
import type { GameState } from "./gameStore.ts";
import "./GamePanels.css";

export interface GameActionsProps {
  state: GameState;
  onResign: () => void;
  onOfferDraw: () => void;
  onAbort: () => void;
}

/** Give Up and Suggest Draw (SPEC §2), plus Abort while neither side has moved twice. */
export function GameActions({ state, onResign, onOfferDraw, onAbort }: GameActionsProps) {
  if (state.myColor === null || state.status !== "active") return null;
  const abortable = canAbort(state);
  return (
    <fieldset className="game-actions" aria-label="Game actions">
      {abortable ? (
        <Button variant="secondary" onClick={onAbort}>
          Abort
        </Button>
      ) : null}
      <Button variant="danger" onClick={onResign}>
        Give Up
      </Button>
      <Button onClick={onOfferDraw} disabled={state.drawOffer !== null}>
        {state.drawOffer === "fromMe" ? "Draw offered" : "Suggest Draw"}
      </Button>
    </fieldset>
  );
}
