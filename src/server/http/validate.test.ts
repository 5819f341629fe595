import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z, ZodError } from "zod";
import { validate } from "./validate.ts";

// validate("query", …) remembers parsed answers per distinct set of values; nothing else may change.
function appWith(schema: z.ZodType) {
  const app = new Hono();
  app.get("/", validate("query", schema), (c) => {
    const query = c.req.valid("query" as never) as Record<string, unknown>;
    return c.json({ query, frozen: Object.isFrozen(query) });
  });
  app.onError((error, c) =>
    c.json({ message: error instanceof ZodError ? error.issues[0]?.message : "?" }, 422),
  );
  return app;
}

describe("validate on the query", () => {
  it("parses each distinct query once and answers the same, frozen, every time", async () => {
    let parses = 0;
    const schema = z.object({
      limit: z.coerce.number().int().min(1).default(20),
      sort: z
        .string()
        .optional()
        .transform((s) => (parses++, s ?? "newest")),
    });
    const app = appWith(schema);
    const first: unknown = await (await app.request("/?limit=5")).json();
    const again: unknown = await (await app.request("/?limit=5")).json();
    expect(first).toEqual({ query: { limit: 5, sort: "newest" }, frozen: true });
    expect(again).toEqual(first);
    expect(parses).toBe(1);
    expect(await (await app.request("/?limit=6&sort=oldest")).json()).toEqual({
      query: { limit: 6, sort: "oldest" },
      frozen: true,
    });
    expect(parses).toBe(2);
  });

  it("refuses a bad query every time with the schema's message; a refusal is never remembered", async () => {
    let parses = 0;
    const schema = z.object({
      limit: z.coerce
        .number()
        .int()
        .min(1, "Limit must be at least 1")
        .transform((n) => (parses++, n)),
    });
    const app = appWith(schema);
    for (let i = 0; i < 2; i++) {
      const refused = await app.request("/?limit=0");
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({ message: "Limit must be at least 1" });
    }
    expect((await app.request("/?limit=1")).status).toBe(200);
    expect((await app.request("/?limit=1")).status).toBe(200);
    expect(parses).toBe(1);
  });
});
