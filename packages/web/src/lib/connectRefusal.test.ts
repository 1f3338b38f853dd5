import { describe, expect, it } from "vitest";
import { connectRefusal } from "./connectRefusal.ts";

const RATE = "Too many new connections from your address - wait a few seconds and try again";
const GUESTS = "Too many new guest sessions from your address - log in, or try again later";

/** socket.io-client's error for a failed polling request: its XMLHttpRequest is the context. */
const transportError = (context: unknown) =>
  Object.assign(new Error("xhr poll error"), { type: "TransportError", description: 403, context });

describe("connectRefusal", () => {
  it.each<[string, unknown, boolean, string | undefined]>([
    // Before the handshake: engine.io's 403 body, socket.io-client still retrying.
    ["a refusal's body", transportError({ responseText: JSON.stringify({ code: 4, message: RATE }) }), true, RATE],
    ["a body with spaces around", transportError({ responseText: `{"code":4,"message":"  ${RATE} "}` }), true, RATE],
    [
      "another engine.io error",
      transportError({ responseText: '{"code":1,"message":"Session ID unknown"}' }),
      true,
      undefined,
    ],
    ["a body that is not JSON", transportError({ responseText: "<html>502 Bad Gateway</html>" }), true, undefined],
    ["a JSON body that is not an object", transportError({ responseText: '"Forbidden"' }), true, undefined],
    ["JSON null", transportError({ responseText: "null" }), true, undefined],
    ["a message that is not text", transportError({ responseText: '{"code":4,"message":42}' }), true, undefined],
    ["an empty message", transportError({ responseText: '{"code":4,"message":""}' }), true, undefined],
    [
      "an overlong message",
      transportError({ responseText: JSON.stringify({ code: 4, message: "x".repeat(201) }) }),
      true,
      undefined,
    ],
    ["an empty body", transportError({ responseText: "" }), true, undefined],
    ["no body", transportError({}), true, undefined],
    [
      "no context (websocket)",
      Object.assign(new Error("websocket error"), { type: "TransportError" }),
      true,
      undefined,
    ],
    ["a context that is text", transportError("oops"), true, undefined],
    ["a timeout", new Error("timeout"), true, undefined],
    // In the handshake: the message is the reason, and socket.io-client has stopped.
    ["a handshake refusal", new Error(GUESTS), false, GUESTS],
    ["a handshake refusal without words", new Error(""), false, undefined],
    // Whatever else comes.
    ["undefined", undefined, true, undefined],
    ["null", null, false, undefined],
    ["a string", "refused", false, undefined],
    ["an object without message", {}, false, undefined],
  ])("%s → %j", (_, error, stillActive, reason) => {
    expect(connectRefusal(error, stillActive)).toBe(reason);
  });

  it("reads nothing from a request whose response text cannot be read", () => {
    const xhr = {
      get responseText(): string {
        throw new DOMException("The value is only accessible if responseType is '' or 'text'", "InvalidStateError");
      },
    };
    expect(connectRefusal(transportError(xhr), true)).toBeUndefined();
  });
});
