import { Hono } from "hono";
import { MESSAGES } from "#shared/messages.ts";
import type { AppBindings } from "../http/context.ts";

const PING_TIMEOUT_MS = 2_000;

export const healthRoutes = new Hono<AppBindings>().get("/", async (c) => {
  const started = performance.now();
  try {
    await Promise.race([
      c.var.deps.database.ping(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("ping timeout")), PING_TIMEOUT_MS).unref(),
      ),
    ]);
    return c.json({
      status: "ok",
      database: "ok",
      latencyMs: Math.round(performance.now() - started),
    });
  } catch (error) {
    c.var.deps.logger.warn({ err: (error as Error).message }, "health check: database down");
    return c.json(
      {
        status: "unavailable",
        database: "down",
        error: { code: "unavailable", message: MESSAGES.databaseUnavailable },
      },
      503,
      { "Retry-After": "5", "Cache-Control": "no-store" },
    );
  }
});
