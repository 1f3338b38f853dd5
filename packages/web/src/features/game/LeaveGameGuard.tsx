import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmModal } from "../../components/ConfirmModal.tsx";

/**
 * While `playing`, asks before the page is left: the browser's own prompt on reload or close, and a dialog for
 * links inside the site. The game goes on without the player, and the opponent may claim it (abort it, before
 * both sides moved: `started` false), so leaving is a real choice.
 */
export function LeaveGameGuard({ playing, started }: { playing: boolean; started: boolean }) {
  useEffect(() => {
    if (!playing) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [playing]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      playing && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  // The game ended while the question was open: it no longer goes on without the player, so the question
  // goes, and the result is on the page for the player to see before leaving.
  const askedAfterEnd = !playing && blocker.state === "blocked";
  useEffect(() => {
    if (askedAfterEnd) blocker.reset?.();
  }, [askedAfterEnd, blocker]);
  if (blocker.state !== "blocked" || !playing) return null;
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
