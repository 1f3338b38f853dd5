/** Longer than this is no reason of ours: not shown. */
const MAX_REASON_LENGTH = 200;
/** engine.io's code for a connection refused before its handshake (our per-address limits, a foreign origin). */
const ENGINE_FORBIDDEN = 4;

/**
 * Why the server refused a connection, in its words, from socket.io-client's `connect_error`; undefined when it
 * did not refuse (network down, timeout, a transport failure) or said nothing readable. A server refuses in two
 * ways (docs/PROTOCOL.md):
 * - before the handshake (too many connections from an address): HTTP 403 with engine.io's body
 *   `{"code":4,"message":…}`, which polling exposes as the error's `context.responseText`. socket.io-client
 *   goes on retrying by itself (`stillActive`);
 * - in the handshake (too many new guest sessions, or the server could not identify the socket): an error whose
 *   message is the reason, after which socket.io-client stops (`stillActive` false) and we retry ourselves.
 */
export function connectRefusal(error: unknown, stillActive: boolean): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if (!stillActive) return shown((error as { message?: unknown }).message);
  const body = responseText((error as { context?: unknown }).context);
  if (body === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const { code, message } = parsed as { code?: unknown; message?: unknown };
    return code === ENGINE_FORBIDDEN ? shown(message) : undefined;
  } catch {
    return undefined;
  }
}

/** The response text of a failed polling request (an XMLHttpRequest, which throws for non-text responses). */
function responseText(context: unknown): string | undefined {
  if (typeof context !== "object" || context === null) return undefined;
  try {
    const text = (context as { responseText?: unknown }).responseText;
    return typeof text === "string" && text.length > 0 ? text : undefined;
  } catch {
    return undefined;
  }
}

function shown(message: unknown): string | undefined {
  if (typeof message !== "string") return undefined;
  const text = message.trim();
  return text.length > 0 && text.length <= MAX_REASON_LENGTH ? text : undefined;
}
