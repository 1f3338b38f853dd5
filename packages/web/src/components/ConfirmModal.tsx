import { type ReactNode, useState } from "react";
import { Button } from "./Button.tsx";
import { Modal } from "./Modal.tsx";
import "./ConfirmModal.css";

export interface ConfirmModalProps {
  /** The dialog's title and accessible name, e.g. "Confirm Leave Club". */
  title: string;
  children: ReactNode;
  /** e.g. "Yes, Leave". */
  confirmLabel: string;
  /** e.g. "No, Stay"; it closes the dialog. */
  cancelLabel?: string;
  /** Runs on confirm; the dialog shows a busy button until it settles. The caller closes the dialog. */
  onConfirm: () => unknown;
  onClose: () => void;
  /** The confirm button in the danger colour. */
  danger?: boolean;
}

/** A yes/no question in a modal dialog; the cancel button has the focus first, so Enter never confirms by accident. */
export function ConfirmModal({
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  onClose,
  danger = false,
}: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={title} onClose={onClose}>
      <div className="confirm">
        <div className="confirm__text">{children}</div>
        <div className="confirm__actions">
          <Button onClick={onClose}>{cancelLabel}</Button>
          <Button variant={danger ? "danger" : "primary"} onClick={confirm} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
