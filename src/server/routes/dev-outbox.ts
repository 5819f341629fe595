import { Hono } from "hono";
import type { AppBindings } from "../http/context.ts";
import { notFound } from "../lib/http-errors.ts";

/** Recent dev-outbox mail, so a local user can open their links. Mounted only outside production. */
export const devOutboxRoutes = new Hono<AppBindings>().get("/", (c) => {
  const mailer = c.var.deps.mailer;
  if (mailer.kind !== "outbox" || !("list" in mailer) || typeof mailer.list !== "function") {
    throw notFound("The dev outbox is off: mail goes out over SMTP.");
  }
  return c.json({ messages: (mailer.list as () => unknown[])() });
});
