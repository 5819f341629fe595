// zod/mini: parsed by the web app's entry (the config inlined in index.html), so part of the first view.
import { z } from "zod/mini";

/** Public runtime facts the browser needs (GET /api/config). Never secrets. */
export const publicConfigSchema = z.object({
  /** The MCP endpoint to paste into an assistant (Claude, ChatGPT…); it signs in with OAuth. */
  mcp: z.optional(z.object({ url: z.string() })),
  providers: z.object({ google: z.boolean(), github: z.boolean() }),
  ai: z.object({ mode: z.enum(["online", "offline"]) }),
  /**
   * What plans are made from: an AI model (checked against real places when they are on), real
   * OpenStreetMap places without a model, or general suggestions (no model, places off).
   */
  planner: z.enum(["model", "real-places", "general"]),
  weather: z.object({ provider: z.enum(["openweathermap", "open-meteo"]) }),
  mail: z.object({ mode: z.enum(["smtp", "outbox"]) }),
  contactEmail: z.string(),
  /** Raster tiles for the trip map ({z}/{x}/{y} template) and the credit their licence asks for. */
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
