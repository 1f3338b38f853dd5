/** The toast queue (pure: no DOM, tested on its own). Knows nothing of what the toasts are about. */

export type ToastTone = "info" | "success" | "error";

export interface ToastAction {
  /** The button's text, e.g. "Accept". */
  label: string;
  onAction: () => void;
  /** "primary" for the main choice. */
  variant?: "primary" | "secondary";
}

export interface Toast {
  /** Unique in the queue; showing a toast with an id already queued replaces it in place. */
  id: string;
  /** The first line and, for prompts, the dialog's name, e.g. "Accept challenge?". */
  title: string;
  /** Optional detail under the title. */
  body?: string;
  tone: ToastTone;
  /** Buttons, e.g. "View"; each click also dismisses the toast. */
  actions?: ToastAction[];
  /** A question waiting for one of its actions (role alertdialog), e.g. "Accept challenge?". */
  prompt?: boolean;
  /** Milliseconds on screen once visible; null keeps it until dismissed. */
  durationMs: number | null;
}

/** What callers pass to show a toast: everything but the title has a default. */
export type ToastInput = Pick<Toast, "title"> & Partial<Omit<Toast, "title">>;

export interface ToastState {
  /** Oldest first. */
  toasts: Toast[];
}

export type ToastEvent = { type: "show"; toast: Toast } | { type: "dismiss"; id: string };

/** Toasts shown at once; later ones wait for a free place. */
export const MAX_VISIBLE_TOASTS = 4;
/** Toasts kept at all: beyond this the oldest timed ones are dropped. */
export const MAX_QUEUED_TOASTS = 20;
export const DEFAULT_TOAST_MS = 6_000;

export const initialToasts: ToastState = { toasts: [] };

let counter = 0;

/** A complete toast from the caller's input. */
export function makeToast(input: ToastInput): Toast {
  counter += 1;
  const hasActions = (input.actions?.length ?? 0) > 0;
  const prompt = input.prompt === true && hasActions;
  return {
    id: input.id ?? `toast-${counter}`,
    title: input.title,
    ...(input.body !== undefined ? { body: input.body } : {}),
    tone: input.tone ?? "info",
    ...(hasActions ? { actions: input.actions } : {}),
    ...(prompt ? { prompt } : {}),
    // A prompt waits for an answer unless told otherwise.
    durationMs: input.durationMs !== undefined ? input.durationMs : prompt ? null : DEFAULT_TOAST_MS,
  };
}

export function toastReducer(state: ToastState, event: ToastEvent): ToastState {
  switch (event.type) {
    case "show": {
      const { toast } = event;
      const index = state.toasts.findIndex((t) => t.id === toast.id);
      if (index >= 0) {
        const toasts = [...state.toasts];
        toasts[index] = toast;
        return { toasts };
      }
      let toasts = [...state.toasts, toast];
      while (toasts.length > MAX_QUEUED_TOASTS) {
        const drop = toasts.findIndex((t) => t.durationMs !== null);
        toasts = toasts.filter((_, i) => i !== (drop >= 0 ? drop : 0));
      }
      return { toasts };
    }
    case "dismiss": {
      if (!state.toasts.some((t) => t.id === event.id)) return state;
      return { toasts: state.toasts.filter((t) => t.id !== event.id) };
    }
  }
}

/** The toasts on screen now: the oldest MAX_VISIBLE_TOASTS. */
export function visibleToasts(state: ToastState): Toast[] {
  return state.toasts.slice(0, MAX_VISIBLE_TOASTS);
}
