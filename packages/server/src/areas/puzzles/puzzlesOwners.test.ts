import { describe, expect, it } from "vitest";
import { importerOwners } from "./puzzlesOwners.ts";

describe("importerOwners: whose deck an imported game's mistakes go to", () => {
  it.each<[string, Parameters<typeof importerOwners>[0], ReturnType<typeof importerOwners>]>([
    ["the importer named as White: White's mistakes", { userId: 7, color: "w" }, { w: 7, b: null }],
    ["the importer named as Black: Black's mistakes", { userId: 7, color: "b" }, { w: null, b: 7 }],
    ["the side not known: both sides' mistakes", { userId: 7, color: null }, { w: 7, b: 7 }],
    ["a guest's import: no one's deck", { userId: null, color: "w" }, { w: null, b: null }],
  ])("%s", (_what, importer, owners) => {
    expect(importerOwners(importer)).toEqual(owners);
  });
});
