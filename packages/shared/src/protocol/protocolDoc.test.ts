import { describe, expect, it } from "vitest";
import { noPayload } from "./catalog.ts";
import { movePayload } from "./game.ts";
import { fieldsTable } from "./protocolDoc.ts";

describe("the protocol document", () => {
  it("shows a payload's fields with their types, and which are required", () => {
    const table = fieldsTable(movePayload);
    expect(table).toContain("| `gameId` | string (length 1-64) | yes |");
    expect(table).toContain("| `ply` | integer (≥ 0, ≤ 10000) | no |");
    expect(table).toContain("| `move` | {from, to, promotion} | yes |");
    expect(fieldsTable(noPayload)).toBe("No payload (none, `null` or `{}`).");
  });
});
