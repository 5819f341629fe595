import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppBindings } from "./context.ts";

export const WEB_DIST = path.resolve("dist/web");

/** Serves the built SPA: hashed assets cached for a year, index.html never cached, SPA fallback. */
export function mountWeb(app: Hono<AppBindings>, root = WEB_DIST) {
  const indexFile = path.join(root, "index.html");
  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
    serveStatic({ root }),
  );
  app.use(
    "*",
    serveStatic({
      root,
      onFound: (filePath, c) => {
        c.header(
          "Cache-Control",
          filePath.endsWith("index.html") ? "no-cache" : "public, max-age=3600",
        );
      },
    }),
  );
  let indexHtml: string | undefined;
  app.get("*", (c) => {
    indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile, "utf8") : undefined;
    if (!indexHtml) {
      return c.text(
        "The web app is not built. Run `npm run build` (npm start does it for you).",
        503,
      );
    }
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}
