// bench/flood's clients: a socket from a named address (the server trusts X-Forwarded-For), and an ask that
// answers a timeout as a refusal. Shared by the watchers (run.mjs) and the attacker (attacker.mjs).
import { io } from "socket.io-client";

export function connect(url, address, opts = {}) {
  return new Promise((resolve) => {
    const s = io(url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      extraHeaders: { "x-forwarded-for": address },
      ...opts,
    });
    const timer = setTimeout(() => resolve({ ok: false, socket: s, reason: "timeout" }), 15_000);
    s.once("session", () => {
      clearTimeout(timer);
      resolve({ ok: true, socket: s });
    });
    s.once("connect_error", (e) => {
      clearTimeout(timer);
      s.close();
      resolve({ ok: false, socket: s, reason: e.message });
    });
  });
}

export const ask = (s, event, payload) =>
  s
    .timeout(10_000)
    .emitWithAck(event, payload)
    .catch(() => ({ ok: false, code: "timeout" }));
