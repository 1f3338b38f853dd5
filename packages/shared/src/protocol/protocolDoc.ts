import { z } from "zod";
import { HTTP_ROUTES } from "../api/routes.ts";
import { CLIENT_EVENTS, ERROR_CODES, SERVER_EVENTS } from "./catalog.ts";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  description?: string;
};

const HEADER = `# Protocol

Every Socket.IO event and HTTP route of the server, generated from the schemas in \`packages/shared\` that the
server validates with (\`npm run docs:protocol\` writes it; a test fails when it is out of date). SPEC §7 is the
contract: its events and fields are here unchanged; rows marked "addition" are ours.

## How to talk to the server

- Connect Socket.IO with \`auth: { sessionId }\` (and the \`sid\` cookie after login). Without a valid session the
  socket gets a new guest session and a \`session\` event with its id.
- A player is at their game while connected, unless their client says otherwise: \`auth.board\` and the \`board\`
  event tell which game's board a client shows (\`null\`: another page). The web app says so; a client that
  never does counts as at the board. A player away from the board, or disconnected, may be claimed against.
- **Acknowledgement callbacks are optional.** An event sent without one is handled exactly the same. Its answer
  is then not sent back; a refusal comes as an \`eventRefused\` event (\`{event, code, message}\`) instead.
- With a callback, the answer is \`{ok: true, data?}\` or \`{ok: false, code, message}\` (codes below).
- The spec's payloads are enough: \`move {move, gameId}\` applies to the current position; \`ply\` is optional.
- Events with no payload accept none, \`null\` or \`{}\`. A bad payload is refused and changes nothing.
- Limits: 100 events per 20 s per socket; lobby offers, chat lines, guest sessions and logins are limited per
  player and per address (the refusal says so). An address is an IPv4 address, or an IPv6 /64.
- Connections per client address (each node, by default): 30 new ones at once, then 3 per second, and 100 held
  open. Beyond that the connection is refused before its handshake, with the reason as the HTTP body: over
  polling, socket.io-client's \`connect_error\` has \`description\` 403 and \`context.responseText\`
  \`{"code":4,"message":"Too many new connections from your address - wait a few seconds and try again"}\`
  (or "Too many open connections…"); over websocket alone the upgrade is answered 400 with the message,
  which WebSocket clients do not expose ("websocket error"). socket.io-client retries by itself.
- A connection can also be refused in its handshake: too many new guest sessions from the address ("Too many
  new guest sessions from your address - log in, or try again later"), or "The site is briefly unavailable"
  when the server cannot identify the socket. \`connect_error\` then has the reason as its \`message\`, and
  socket.io-client does **not** retry by itself (\`socket.active\` is false): call \`socket.connect()\` later.
  The web app shows either kind of reason in its connection banner and retries (2 s, doubling up to 30 s).
- HTTP errors are \`{code, message}\` with the status; 429 carries Retry-After.
`;

const fmt = (v: unknown) => JSON.stringify(v);

/** One JSON Schema node in words: "string (1-64)", "number ≥ 0", "white | black", "object". */
function describe(s: JsonSchema): string {
  if (s.anyOf) return s.anyOf.map(describe).join(" or ");
  if (s.const !== undefined) return fmt(s.const);
  if (s.enum) return s.enum.map(fmt).join(" \\| ");
  const type = Array.isArray(s.type) ? s.type.join(" or ") : (s.type ?? "any");
  const bounds: string[] = [];
  if (s.minLength !== undefined || s.maxLength !== undefined)
    bounds.push(`length ${s.minLength ?? 0}-${s.maxLength ?? "∞"}`);
  if (s.minimum !== undefined) bounds.push(`≥ ${s.minimum}`);
  if (s.exclusiveMinimum !== undefined) bounds.push(`> ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined) bounds.push(`≤ ${s.maximum}`);
  if (s.pattern) bounds.push(`matches \`${s.pattern}\``);
  if (type === "array" && s.items) return `array of ${describe(s.items)}`;
  if (type === "object" && s.properties) return `{${Object.keys(s.properties).join(", ")}}`;
  return bounds.length > 0 ? `${type} (${bounds.join(", ")})` : type;
}

/** The object inside a schema (an optional or nullable object is still one), if it is one. */
function objectOf(s: JsonSchema): JsonSchema | undefined {
  if (s.properties) return s;
  return s.anyOf?.map(objectOf).find((o) => o !== undefined);
}

/** A payload as a table of its fields, or a line when it has none. */
export function fieldsTable(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const object = objectOf(json);
  const optionalWhole = json.anyOf !== undefined || json.properties === undefined;
  if (!object?.properties || Object.keys(object.properties).length === 0) {
    return "No payload (none, `null` or `{}`).";
  }
  const lines = ["| field | type | required |", "|---|---|---|"];
  for (const [name, field] of Object.entries(object.properties)) {
    const required = object.required?.includes(name) && field.default === undefined ? "yes" : "no";
    const dflt = field.default !== undefined ? ` (default ${fmt(field.default)})` : "";
    lines.push(`| \`${name}\` | ${describe(field)}${dflt} | ${required} |`);
  }
  return `${optionalWhole ? "The payload itself may be left out.\n\n" : ""}${lines.join("\n")}`;
}

const mark = (spec: boolean) => (spec ? "SPEC §7" : "addition");

/** docs/PROTOCOL.md, whole. */
export function renderProtocolDoc(): string {
  const out: string[] = [HEADER, "## Client → server events\n"];
  for (const [name, e] of Object.entries(CLIENT_EVENTS)) {
    out.push(`### \`${name}\` (${mark(e.spec)})\n`);
    out.push(`${e.does}\n`);
    out.push(`${fieldsTable(e.payload)}\n`);
    out.push(`Ack data: ${"ack" in e && e.ack ? `\`${e.ack}\`` : "none"}.\n`);
  }
  out.push("## Server → client events\n");
  out.push("| event | payload | when | |", "|---|---|---|---|");
  for (const [name, e] of Object.entries(SERVER_EVENTS)) {
    out.push(`| \`${name}\` | \`${e.payload}\` | ${e.when} | ${mark(e.spec)} |`);
  }
  out.push("\nPayload types are those of `packages/shared/src/protocol` (e.g. `GameStarted` in `game.ts`).\n");
  out.push("## HTTP routes\n");
  out.push(
    "Who may call: anyone; a session (guest or account: cookie, or `sessionId` where the body has one); an account.\n",
  );
  for (const r of HTTP_ROUTES) {
    out.push(`### \`${r.route}\` (${mark(r.spec)})\n`);
    out.push(`Caller: ${r.auth}. Returns: ${r.returns}.\n`);
    for (const [part, schema] of [
      ["Path", r.params],
      ["Query", r.query],
      ["Body", r.body],
    ] as const) {
      if (schema) out.push(`${part}:\n\n${fieldsTable(schema)}\n`);
    }
  }
  out.push("## Error codes\n");
  out.push("| code | meaning |", "|---|---|");
  for (const [code, meaning] of Object.entries(ERROR_CODES)) out.push(`| \`${code}\` | ${meaning} |`);
  return `${out.join("\n")}\n`;
}
