import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useState,
} from "react";
import { Button } from "./Button.tsx";
import { initialToasts, makeToast, type Toast, type ToastInput, toastReducer, visibleToasts } from "./toastStore.ts";
import "./Toast.css";

export interface ToastApi {
  /** Shows a toast (or replaces the one with the same id); returns its id. */
  show(input: ToastInput): string;
  dismiss(id: string): void;
}

const noop: ToastApi = { show: () => "", dismiss: () => {} };
const ToastContext = createContext<ToastApi>(noop);

/** The toasts of the page; outside a ToastProvider calls do nothing. */
export function useToasts(): ToastApi {
  return useContext(ToastContext);
}

/** Holds the toast queue for its children and shows the visible toasts in a corner of the screen. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(toastReducer, initialToasts);
  const show = useCallback((input: ToastInput) => {
    const toast = makeToast(input);
    dispatch({ type: "show", toast });
    return toast.id;
  }, []);
  const dismiss = useCallback((id: string) => dispatch({ type: "dismiss", id }), []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  const visible = visibleToasts(state);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label="Notifications">
        <ol className="toasts__list">
          {visible.map((toast) => (
            <ToastItem key={toast.id} toast={toast} dismiss={dismiss} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, dismiss }: { toast: Toast; dismiss: (id: string) => void }) {
  const id = useId();
  const [paused, setPaused] = useState(false);
  const onDismiss = () => dismiss(toast.id);

  // Hovering or focusing a toast stops its clock; leaving starts it again from the full duration. A toast
  // replaced under its id (a friend's next message) is a new object, and gets its full time again.
  useEffect(() => {
    if (toast.durationMs === null || paused) return;
    const t = setTimeout(() => dismiss(toast.id), toast.durationMs);
    return () => clearTimeout(t);
  }, [toast, paused, dismiss]);

  const prompt = toast.prompt === true;
  return (
    <li
      className={`toast toast--${toast.tone}`}
      role={prompt ? "alertdialog" : "status"}
      aria-labelledby={`${id}-title`}
      aria-describedby={toast.body ? `${id}-body` : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast__content">
        <p className="toast__title" id={`${id}-title`}>
          {toast.title}
        </p>
        {toast.body ? (
          <p className="toast__body" id={`${id}-body`}>
            {toast.body}
          </p>
        ) : null}
        {toast.actions ? (
          <div className="toast__actions">
            {toast.actions.map((action) => (
              <Button
                key={action.label}
                variant={action.variant ?? "secondary"}
                className="toast__action"
                onClick={() => {
                  onDismiss();
                  action.onAction();
                }}
              >
                {action.label}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      <button type="button" className="toast__close" aria-label="Dismiss" onClick={onDismiss}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
