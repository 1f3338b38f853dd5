import { describe, expect, it } from "vitest";
import { readProfileQuery, withProfileQuery } from "./profileQuery.ts";

describe("readProfileQuery", () => {
  it.each([
    ["username=bob", { variant: "standard", page: 1 }],
    ["username=bob&page=3", { variant: "standard", page: 3 }],
    ["username=bob&variant=fun&page=2", { variant: "fun", page: 2 }],
    ["variant=jumpstart", { variant: "jumpstart", page: 1 }],
    // Anything else is the default.
    ["variant=chess960&page=0", { variant: "standard", page: 1 }],
    ["page=-2", { variant: "standard", page: 1 }],
    ["page=2.5", { variant: "standard", page: 1 }],
    ["page=abc", { variant: "standard", page: 1 }],
    ["page=99999999999999", { variant: "standard", page: 1 }],
    ["page=999999999", { variant: "standard", page: 100_000 }],
  ])("%s reads %j", (query, expected) => {
    expect(readProfileQuery(new URLSearchParams(query))).toEqual(expected);
  });
});

describe("withProfileQuery", () => {
  it.each([
    ["username=bob", { page: 2 }, "username=bob&page=2"],
    ["username=bob&page=2", { page: 1 }, "username=bob"],
    ["username=bob&page=4", { variant: "fun" }, "username=bob&variant=fun"],
    ["username=bob&variant=fun&page=4", { variant: "fun" }, "username=bob&variant=fun&page=4"],
    ["username=bob&variant=fun", { variant: "standard" }, "username=bob"],
    ["username=bob&variant=fun&page=2", { page: 3 }, "username=bob&variant=fun&page=3"],
  ] as const)("%s with %j is %s", (query, change, expected) => {
    expect(withProfileQuery(new URLSearchParams(query), change).toString()).toBe(expected);
  });
});
