import { Hono } from "hono";
import type { PublicConfig } from "#shared/schemas/config.ts";
import type { AppBindings } from "../http/context.ts";
import type { Env } from "../env.ts";

export function publicConfig(env: Env): PublicConfig {
  return {
    ...(env.MCP ? { mcp: { url: `${env.APP_ORIGIN}/mcp` } } : {}),
    providers: {
      google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      github: Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET),
    },
    ai: { mode: env.AI_BASE_URL ? "online" : "offline" },
    planner: env.AI_BASE_URL ? "model" : env.OVERPASS_URL === "off" ? "general" : "real-places",
    weather: { provider: env.OPENWEATHER_API_KEY ? "openweathermap" : "open-meteo" },
    mail: { mode: env.SMTP_URL ? "smtp" : "outbox" },
    contactEmail: env.CONTACT_EMAIL,
    map: { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_ATTRIBUTION },
  };
}

export const configRoutes = new Hono<AppBindings>().get("/", (c) =>
  c.json(publicConfig(c.var.deps.env)),
);
