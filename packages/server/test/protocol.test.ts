import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { CLIENT_EVENTS, ERROR_CODES, HTTP_ROUTES } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { renderProtocolDoc } from "../../shared/src/protocol/protocolDoc.ts";
import { chatSocketEvents } from "../src/areas/chat/index.ts";
import { clubsSocketEvents } from "../src/areas/clubs/index.ts";
import { computerSocketEvents } from "../src/areas/computer/index.ts";
import { dailySocketEvents } from "../src/areas/daily/index.ts";
import { friendsSocketEvents } from "../src/areas/friends/index.ts";
import { gamesSocketEvents } from "../src/areas/games/index.ts";
import { challengeSocketEvents, lobbySocketEvents } from "../src/areas/lobby/index.ts";
import { pairingSocketEvents } from "../src/areas/pairing/index.ts";
import { tournamentsSocketEvents } from "../src/areas/tournaments/index.ts";
import { watchSocketEvents } from "../src/areas/watch/index.ts";
import { boardSocketEvents } from "../src/realtime/boards.ts";
import type { SocketEvents } from "../src/realtime/handlers.ts";
import { registeredRoutes } from "./routes.ts";

/** docs/PROTOCOL.md is rendered from the shared catalogue; these hold the catalogue to the server itself. */
describe("the protocol catalogue is the server's", () => {
  // The event tables only keep their dependencies for later; nothing is called while they are built.
  const none = {} as never;
  const tables: SocketEvents[] = [
    lobbySocketEvents({ lobby: none, clubIdsOf: none, blockedEitherWay: none }),
    challengeSocketEvents({ lobby: none, friends: none, io: none }),
    friendsSocketEvents({ friends: none }),
    gamesSocketEvents({ games: none, rematches: none }),
    chatSocketEvents({ chat: none }),
    clubsSocketEvents({ clubs: none }),
    computerSocketEvents({ computer: none }),
    watchSocketEvents({ feed: none }),
    pairingSocketEvents({ pairing: none }),
    dailySocketEvents({ games: none, offers: none }),
    tournamentsSocketEvents({ service: none, sockets: none }),
    boardSocketEvents(none),
  ];
  const served = Object.assign({}, ...tables) as SocketEvents;

  it("handles every client event it documents, each with the documented schema", () => {
    expect(Object.keys(served).sort()).toEqual(Object.keys(CLIENT_EVENTS).sort());
    for (const [name, doc] of Object.entries(CLIENT_EVENTS)) {
      expect(served[name as keyof typeof served]?.schema, name).toBe(doc.payload);
    }
  });

  it("documents every HTTP route it registers", () => {
    expect(HTTP_ROUTES.map((r) => r.route).sort()).toEqual(registeredRoutes());
  });

  it("is what docs/PROTOCOL.md says (npm run docs:protocol writes it)", () => {
    const doc = new URL("../../../docs/PROTOCOL.md", import.meta.url);
    const rendered = renderProtocolDoc();
    if (process.env.UPDATE_PROTOCOL_DOC === "1") writeFileSync(doc, rendered);
    expect(readFileSync(doc, "utf8")).toBe(rendered);
  });

  it("explains every error code it answers with", () => {
    const root = new URL("../src/", import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    const codes = new Set<string>();
    for (const f of files) {
      const source = readFileSync(new URL(f, root), "utf8");
      for (const m of source.matchAll(/(?:\bfail\(\s*|\bcode:\s*|HttpError\(\s*\d+,\s*)"([a-z_]+)"/g)) {
        codes.add(m[1] as string);
      }
    }
    expect(codes.size).toBeGreaterThan(20);
    expect([...codes].filter((c) => !(c in ERROR_CODES)).sort()).toEqual([]);
  });
});
