import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { connectionRefusal, isSocketConnected, onConnectionChange } from "../lib/socket.ts";
import "./ConnectionBanner.css";

/**
 * What the banner says: nothing, the network is down, the server is lost, unreachable or refuses us (its
 * reason is `useConnectionRefusal`), or it is back.
 */
export type ConnectionNotice = "none" | "offline" | "reconnecting" | "unreachable" | "refused" | "restored";

/** A drop shorter than this (a reconnect after login) shows nothing. */
export const DROP_GRACE_MS = 1_500;
/** The first connection may take this long before the banner says the server cannot be reached. */
export const FIRST_CONNECT_GRACE_MS = 5_000;
/** How long "Connected again" stays. */
export const RESTORED_MS = 3_000;

const TEXT: Record<Exclude<ConnectionNotice, "none" | "refused">, string> = {
  offline: "You are offline. The site reconnects when your network is back.",
  reconnecting: "Connection lost. Reconnecting…",
  unreachable: "Cannot reach the server. Retrying…",
  restored: "Connected again.",
};

/** The words of a refusal: the server's reason as a sentence, and that the site goes on trying. Pure. */
export function refusalText(reason: string | undefined): string {
  const sentence = (reason ?? "The server refused the connection").replace(/[.!?…]*$/, "");
  return `${sentence}. Retrying…`;
}

/** The banner's words for a notice. Pure. */
export function connectionText(notice: Exclude<ConnectionNotice, "none">, reason: string | undefined): string {
  return notice === "refused" ? refusalText(reason) : TEXT[notice];
}

/** The notice for a connection state. Pure. */
export function connectionNotice(s: {
  connected: boolean;
  /** navigator.onLine */
  online: boolean;
  everConnected: boolean;
  /** The connection has been down for longer than its grace period. */
  downLongEnough: boolean;
  /** A notice was shown and the connection has just come back. */
  restored: boolean;
  /** The server refused the last attempt and said why: shown at once, with no grace period. */
  refused: boolean;
}): ConnectionNotice {
  // At once: the socket itself only notices a dead network at its next missed ping, 10-20 s on.
  if (!s.online) return "offline";
  if (s.connected) return s.restored ? "restored" : "none";
  if (s.refused) return "refused";
  if (!s.downLongEnough) return "none";
  return s.everConnected ? "reconnecting" : "unreachable";
}

function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener("online", notify);
      window.addEventListener("offline", notify);
      return () => {
        window.removeEventListener("online", notify);
        window.removeEventListener("offline", notify);
      };
    },
    () => navigator.onLine,
  );
}

/** Why the server refuses the connection, in its words, while it does. */
export function useConnectionRefusal(): string | undefined {
  return useSyncExternalStore(onConnectionChange, connectionRefusal);
}

/** The connection notice now, with its grace periods: "none" while connected or only just dropped. */
export function useConnectionNotice(): ConnectionNotice {
  const connected = useSyncExternalStore(onConnectionChange, isSocketConnected);
  const refused = useConnectionRefusal() !== undefined;
  const online = useOnline();
  const [everConnected, setEverConnected] = useState(connected);
  const [downLongEnough, setDownLongEnough] = useState(false);
  const [restored, setRestored] = useState(false);
  /** A notice was shown since the connection was last up with the network: its return is worth a word. */
  const hadNotice = useRef(false);

  useEffect(() => {
    if (connected && online) {
      setEverConnected(true);
      setDownLongEnough(false);
      if (!hadNotice.current) return;
      hadNotice.current = false;
      setRestored(true);
      const t = setTimeout(() => setRestored(false), RESTORED_MS);
      return () => clearTimeout(t);
    }
    setRestored(false);
    if (connected) return;
    const t = setTimeout(() => setDownLongEnough(true), everConnected ? DROP_GRACE_MS : FIRST_CONNECT_GRACE_MS);
    return () => clearTimeout(t);
  }, [connected, everConnected, online]);

  const notice = connectionNotice({ connected, online, everConnected, downLongEnough, restored, refused });
  useEffect(() => {
    if (notice !== "none" && notice !== "restored") hadNotice.current = true;
  }, [notice]);
  return notice;
}

/** A banner while the realtime connection is down, and a moment of "Connected again" after. Mounted once. */
export function ConnectionBanner() {
  const notice = useConnectionNotice();
  const reason = useConnectionRefusal();
  return (
    <div className="connection-banner__region" role="status" aria-live="polite" data-testid="connection-banner">
      {notice === "none" ? null : (
        <p className={`connection-banner connection-banner--${notice}`}>
          {notice === "restored" ? null : <span className="connection-banner__spinner" aria-hidden="true" />}
          {connectionText(notice, reason)}
        </p>
      )}
    </div>
  );
}
