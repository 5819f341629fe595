import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { CLOSED_PORT_URL, createTestApp } from "#tests/support/test-app.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";

// Nothing is asked of these services: the config says what is set up, it does not call them.
const MODEL = { AI_BASE_URL: CLOSED_PORT_URL, AI_API_KEY: "key", AI_MODEL: "model" };
const PLACES = { OVERPASS_URL: `${CLOSED_PORT_URL}/api/interpreter` };

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function plannerOf(settings: Record<string, string>) {
  const t = await createTestApp(settings, {}, { database });
  try {
    const body = (await (await t.app.request("/api/config")).json()) as Record<string, unknown>;
    return { ai: body.ai, planner: body.planner };
  } finally {
    await t.close();
  }
}

describe("GET /api/config: what plans are made from", () => {
  it("says a model writes them when one is configured, with or without real places", async () => {
    expect(await plannerOf({ ...MODEL, ...PLACES })).toEqual({
      ai: { mode: "online" },
      planner: "model",
    });
    expect(await plannerOf({ ...MODEL, OVERPASS_URL: "off" })).toEqual({
      ai: { mode: "online" },
      planner: "model",
    });
  });

  it("says real places without a model, and general suggestions with places off", async () => {
    expect(await plannerOf(PLACES)).toEqual({ ai: { mode: "offline" }, planner: "real-places" });
    expect(await plannerOf({ OVERPASS_URL: "off" })).toEqual({
      ai: { mode: "offline" },
      planner: "general",
    });
  });
});
