import type { NodeBus } from "./nodeBus.ts";
import { DEPARTURES, type Presence } from "./presence.ts";

const SNAPSHOT_MS = 5_000;
/** A node silent this long (three snapshots) is taken for dead. */
const SILENT_MS = 16_000;

/**
 * Shares presences between nodes, each under its name (`presence`: who is connected, `seats`: who is at their
 * game's board): each node tells the others when someone comes or goes on it, repeats its whole lists every
 * few seconds (so a lost message or a Redis restart heals), and answers a new node.
 */
export function syncPresence(bus: NodeBus, presences: Record<string, Presence>): { stop(): void } {
  const all = Object.entries(presences);
  const sendAll = () => {
    for (const [name, presence] of all) bus.broadcast(`${name}All`, { keys: presence.localKeys() });
  };
  for (const [name, presence] of all) {
    presence.onLocalChange((key, online, departure) =>
      bus.broadcast(name, online ? { key, online } : { key, online, departure }),
    );
    bus.on(name, (p, from) => {
      const { key, online, departure } = (p ?? {}) as { key?: unknown; online?: unknown; departure?: unknown };
      if (typeof key === "string" && typeof online === "boolean")
        presence.remoteChanged(from, key, online, Date.now(), DEPARTURES.find((d) => d === departure) ?? "lost");
    });
    bus.on(`${name}All`, (p, from) => {
      const { keys } = (p ?? {}) as { keys?: unknown };
      if (Array.isArray(keys))
        presence.remoteSnapshot(
          from,
          keys.filter((k) => typeof k === "string"),
          Date.now(),
        );
    });
  }
  bus.on("hello", () => sendAll());
  bus.broadcast("hello", {});
  sendAll();
  const timer = setInterval(() => {
    sendAll();
    for (const [, presence] of all) presence.forgetSilentNodes(Date.now() - SILENT_MS);
  }, SNAPSHOT_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
