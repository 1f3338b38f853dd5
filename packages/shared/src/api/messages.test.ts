import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CLIENT_EVENTS } from "../protocol/catalog.ts";
import { describeZodError } from "./http.ts";
import { HTTP_ROUTES } from "./routes.ts";

// zod 4 gives a schema's own `error` to every check of it that names none: `z.string({ error: "x is
// required" }).max(64)` answered a 65-character name with "x is required". Every field of every route and
// client event is fed a string far too long, and its own message must not claim that it is missing.
const schemas: Array<[string, z.ZodType]> = [
  ...HTTP_ROUTES.flatMap((r) =>
    (["body", "query", "params"] as const).flatMap((k) =>
      r[k] ? [[`${r.route} ${k}`, r[k]] as [string, z.ZodType]] : [],
    ),
  ),
  ...Object.entries(CLIENT_EVENTS).map(([name, e]) => [`socket ${name}`, e.payload] as [string, z.ZodType]),
];
const fields = schemas.flatMap(([where, schema]) =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape).map((field) => ({ where, schema, field })) : [],
);

describe("validation messages", () => {
  it("reach every object schema's fields", () => {
    expect(fields.length).toBeGreaterThan(60);
  });

  it.each(fields)("$where: a far too long $field is not called missing", ({ schema, field }) => {
    const result = schema.safeParse({ [field]: "x".repeat(10_000) });
    if (result.success) return;
    const own = result.error.issues.filter((i) => i.path[0] === field);
    for (const issue of own) {
      const message = describeZodError(new z.ZodError([issue]));
      expect(message).not.toMatch(/required/i);
    }
  });
});
