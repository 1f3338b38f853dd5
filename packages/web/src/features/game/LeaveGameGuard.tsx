import { useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";
import { type BoardTabs, boardTabs, type Seat } from "../../lib/boardTabs.ts";

/**
 * While the player has a `seat` at a live game, asks before the page is left: the browser's own prompt on
 * reload or close, and a dialog for links inside the site. The game goes on without the player, and the
 * opponent may claim it (abort it, before both sides moved: `started` false), so leaving is a real choice;
 * unless another tab of the player still shows the game (`tabs`), which keeps them at the board.
 */
export function LeaveGameGuard({
  seat,
  started,
  tabs = boardTabs(),
}: {
  seat: Seat | null;
  started: boolean;
  tabs?: BoardTabs;
}) {
  const playing = seat !== null;
  const gameId = seat?.gameId;
  const color = seat?.color;

  // The player's other tabs learn that this one shows the game.
  useEffect(() => {
    if (!gameId || !color) return;
    tabs.show({ gameId, color });
    return () => tabs.show(null);
  }, [tabs, gameId, color]);

  useEffect(() => {
    if (!gameId || !color) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // The browser's prompt cannot wait for an answer: what this tab knows of the others decides.
      if (tabs.elsewhere({ gameId, color })) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [tabs, gameId, color]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      playing && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const blocked = blocker.state === "blocked";
  // Asked only once no other tab says it shows the game; a tab that says so lets the page go without a word.
  const [ask, setAsk] = useState(false);
  useEffect(() => {
    setAsk(false);
    if (!blocked || !gameId || !color) return;
    let current = true;
    void tabs.confirm({ gameId, color }).then((elsewhere) => {
      if (!current) return;
      if (elsewhere) blockerRef.current.proceed?.();
      else setAsk(true);
    });
    return () => {
      current = false;
    };
  }, [blocked, tabs, gameId, color]);

  // The game ended while the question was open: it no longer goes on without the player, so the question
  // goes, and the result is on the page for the player to see before leaving.
  const askedAfterEnd = !playing && blocked;
  useEffect(() => {
    if (askedAfterEnd) blocker.reset?.();
  }, [askedAfterEnd, blocker]);
  if (!blocked || !playing || !ask) return null;
  return (
    <ConfirmModal
      title="Leave the game?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      danger
      onConfirm={() => blocker.proceed()}
      onClose={() => blocker.reset()}
    >
      {started ? (
        <p>
          The game goes on without you: your clock keeps running, and 10 seconds after you leave your opponent may claim
          the game.
        </p>
      ) : (
        <p>The game has not started yet: your opponent may abort it while you are away.</p>
      )}
    </ConfirmModal>
  );
}
