import { useState } from "react";
import { Button, type ButtonVariant } from "../../components/Button.tsx";
import { PlayComputerModal } from "./PlayComputerModal.tsx";

/** A button that opens the Play with the computer dialog, from the start or from `fen()`. */
export function PlayComputerButton({
  label = "Play with the computer",
  fen,
  variant = "secondary",
  className,
}: {
  label?: string;
  /** The position to continue from, read when the button is pressed. */
  fen?: () => string | undefined;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [open, setOpen] = useState<{ fen?: string } | null>(null);
  return (
    <>
      <Button
        variant={variant}
        className={className}
        onClick={() => {
          const from = fen?.();
          setOpen(from ? { fen: from } : {});
        }}
      >
        {label}
      </Button>
      {open ? <PlayComputerModal onClose={() => setOpen(null)} {...open} /> : null}
    </>
  );
}
