import type { NodeBus } from "./nodeBus.ts";
import { DEPARTURES, type Presence } from "./presence.ts";

const SNAPSHOT_MS = 5_000;
/** A node silent this long (three snapshots) is taken for dead. */
const SILENT_MS = 16_000;

/**
 * Shares presence between nodes: each tells the others when someone comes or goes on it, repeats its
 * whole list every few seconds (so a lost message or a Redis restart heals), and answers a new node.
 */
export function syncPresence(presence: Presence, bus: NodeBus): { stop(): void } {
  const sendAll = () => bus.broadcast("presenceAll", { keys: presence.localKeys() });
  presence.onLocalChange((key, online, departure) =>
    bus.broadcast("presence", online ? { key, online } : { key, online, departure }),
  );
  bus.on("presence", (p, from) => {
    const { key, online, departure } = (p ?? {}) as { key?: unknown; online?: unknown; departure?: unknown };
    if (typeof key === "string" && typeof online === "boolean")
      presence.remoteChanged(from, key, online, Date.now(), DEPARTURES.find((d) => d === departure) ?? "lost");
  });
  bus.on("presenceAll", (p, from) => {
    const { keys } = (p ?? {}) as { keys?: unknown };
    if (Array.isArray(keys))
      presence.remoteSnapshot(
        from,
        keys.filter((k) => typeof k === "string"),
        Date.now(),
      );
  });
  bus.on("hello", () => sendAll());
  bus.broadcast("hello", {});
  sendAll();
  const timer = setInterval(() => {
    sendAll();
    presence.forgetSilentNodes(Date.now() - SILENT_MS);
  }, SNAPSHOT_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
