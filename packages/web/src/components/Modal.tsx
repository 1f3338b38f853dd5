import { type MouseEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { Button } from "./Button.tsx";
import "./Modal.css";

export interface ModalProps {
  /** The dialog's heading and accessible name. */
  title: string;
  /** Called on Escape, the X button, Cancel, or a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** Adds a Cancel button (that closes) at the bottom. */
  cancelButton?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** What a dialog opens on: a field, or a choice already made among toggle buttons (the computer's level). */
const FIELDS =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button[aria-pressed="true"]:not([disabled])';

// Open dialogs, innermost last: Escape closes only the top one.
const openDialogs: symbol[] = [];

/**
 * A modal dialog: focus moves to its first field or chosen toggle (a radio group's checked choice), stays
 * inside while open, and returns on close.
 */
export function Modal({ title, onClose, children, cancelButton = false }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const key = Symbol(title);
    openDialogs.push(key);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) initialFocus(dialog).focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";

    function onKeyDown(event: KeyboardEvent) {
      if (openDialogs[openDialogs.length - 1] !== key) return;
      if (event.key === "Escape") {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === "Tab" && dialog) {
        keepFocusInside(dialog, event);
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      openDialogs.splice(openDialogs.indexOf(key), 1);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus();
    };
  }, [title]);

  // A press that starts inside the dialog (e.g. selecting text) and ends outside does not close it.
  const onBackdropDown = (event: MouseEvent) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent) => {
    if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressStartedOnBackdrop.current = false;
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut; Escape and the X button are the accessible ways to close
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document
    <div className="modal-backdrop" onMouseDown={onBackdropDown} onClick={onBackdropClick}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialogRef} tabIndex={-1}>
        <header className="modal__header">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {cancelButton ? (
          <footer className="modal__footer">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
          </footer>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}

/** The first field, else the first control, else the dialog itself. */
function initialFocus(dialog: HTMLElement): HTMLElement {
  const first = dialog.querySelector<HTMLElement>(FIELDS) ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
  // A radio group is entered at its checked choice, as Tab enters it: not at "White" when "Random" is chosen.
  if (first instanceof HTMLInputElement && first.type === "radio" && !first.checked && first.name) {
    const radios = Array.from(dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]:not([disabled])'));
    return radios.find((r) => r.name === first.name && r.checked) ?? first;
  }
  return first ?? dialog;
}

function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent) {
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
