import { describe, expect, it } from "vitest";
import { importerColor } from "./analysisImports.ts";

describe("importerColor: the side an importer played", () => {
  it.each<[string, Record<string, string>, "white" | "black" | undefined, string | undefined, "w" | "b" | null]>([
    ["chosen, whatever the tags say", { White: "ann" }, "black", "ann", "b"],
    ["named as White, in any case", { White: " Ann ", Black: "bob" }, undefined, "ann", "w"],
    ["named as Black", { White: "bob", Black: "ANN" }, undefined, "ann", "b"],
    ["named on neither side: not known", { White: "bob", Black: "cid" }, undefined, "ann", null],
    ["named on both sides: not known", { White: "ann", Black: "ann" }, undefined, "ann", null],
    ["no tags: not known", {}, undefined, "ann", null],
  ])("%s", (_what, tags, side, username, color) => {
    expect(importerColor(tags, side, username)).toBe(color);
  });
});
