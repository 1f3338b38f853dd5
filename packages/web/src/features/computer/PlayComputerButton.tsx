import { useState } from "react";
import { Button, type ButtonVariant } from "../../components/Button.tsx";
import { PlayComputerModal } from "./PlayComputerModal.tsx";
import { unplayableReason } from "./playComputerForm.ts";

/**
 * A button that opens the Play with the computer dialog (on `preset` if given), from the start or from `fen()`.
 * A position no
 * game can start from (no king, the side not to move in check, already mated) is explained beside the
 * button instead.
 */
export function PlayComputerButton({
  label = "Play with the computer",
  fen,
  variant = "secondary",
  className,
  preset,
}: {
  label?: string;
  /** The position to continue from, read when the button is pressed. */
  fen?: () => string | undefined;
  variant?: ButtonVariant;
  className?: string;
  /** The time control the dialog opens on ("5+0"). */
  preset?: string;
}) {
  const [open, setOpen] = useState<{ fen?: string } | null>(null);
  // Shown while the position it was found in is still the one on the board.
  const [problem, setProblem] = useState<{ fen: string; reason: string }>();
  const shownProblem = problem && fen?.() === problem.fen ? problem.reason : undefined;
  return (
    <>
      <Button
        variant={variant}
        className={className}
        onClick={() => {
          const from = fen?.();
          const reason = from ? unplayableReason(from) : undefined;
          setProblem(from && reason ? { fen: from, reason } : undefined);
          if (!reason) setOpen(from ? { fen: from } : {});
        }}
      >
        {label}
      </Button>
      {shownProblem ? (
        <p className="play-computer__problem" role="alert">
          {shownProblem}
        </p>
      ) : null}
      {open ? <PlayComputerModal onClose={() => setOpen(null)} preset={preset} {...open} /> : null}
    </>
  );
}
