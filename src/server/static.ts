import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import { isPrerenderedPath } from "#shared/prerendered-paths.ts";
import type { AppBindings } from "./http/context.ts";
import type { AppDeps } from "./app-deps.ts";
import { mayHavePageShell, signedInShell } from "./http/page-shell.ts";
import { sharedTripPreview } from "./http/link-preview.ts";
import { renderPublicPages, type PrerenderedPages } from "./http/prerendered-pages.ts";
import { publicConfig } from "./routes/config.ts";

export const WEB_DIST = path.resolve("dist/web");
/** The public pages' prerenderer, built next to the web app by `npm run build` (src/web/prerender.tsx). */
export const SSR_ENTRY = path.resolve("dist/ssr/prerender.js");

const ROOT_ELEMENT = '<div id="root"></div>';

/** A request for a file (`/app.js`, `/favicon.ico`), as opposed to a page of the app (`/trips/42`). */
const isFileRequest = (requestPath: string) => path.posix.extname(requestPath) !== "";

/**
 * A missing file is a 404 that nobody keeps: during a rolling deploy an old page asks for
 * `/assets/index-OLDHASH.js`, and an HTML page (or a cached error) under a script URL would break it.
 */
const missingFile = (c: Context<AppBindings>) => {
  c.header("Cache-Control", "no-store");
  return c.text("Not found", 404);
};

type WebOptions = {
  root?: string;
  /** The prerenderer of the public pages; none when undefined (a test's own small build). */
  ssrEntry?: string;
  /** Render the public pages this long after start-up instead of on the first page request. */
  prerenderAfterMs?: number;
};

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and the SPA
 * fallback (index.html) only for navigations, never for a missing file. The public pages (`/`,
 * `/login`, …) come with their markup already in `#root` when a prerenderer was built: a visitor sees
 * the page before its scripts have arrived, and React hydrates it.
 */
export function mountWeb(
  app: Hono<AppBindings>,
  deps: Pick<AppDeps, "env" | "logger">,
  {
    root = WEB_DIST,
    ssrEntry = root === WEB_DIST ? SSR_ENTRY : undefined,
    prerenderAfterMs,
  }: WebOptions = {},
) {
  const indexFile = path.join(root, "index.html");
  let indexHtml: string | undefined;
  let prerendering: Promise<PrerenderedPages | null> | undefined;
  const prerendered = () => {
    prerendering ??= ssrEntry
      ? renderPublicPages({
          entry: ssrEntry,
          builtPage: indexFile,
          config: publicConfig(deps.env),
        }).catch((error: unknown) => {
          // The plain page still works: it is built in the browser, as every other page is.
          deps.logger.warn({ err: error }, "prerendering the public pages failed");
          return null;
        })
      : Promise.resolve(null);
    return prerendering;
  };
  // The server's entry asks for it shortly after start-up, so no visitor waits for the rendering and
  // the start-up itself does not either.
  if (prerenderAfterMs !== undefined)
    setTimeout(() => void prerendered(), prerenderAfterMs).unref();
  const pageHtml = new Map<string, string>();
  // The public config travels inside the page (a JSON data block, which CSP does not treat as a
  // script), so the first render already knows the AI mode, providers and contact address: one
  // request fewer and no layout shift when they arrive.
  const sendIndex = async (c: Context<AppBindings>) => {
    if (indexHtml === undefined && existsSync(indexFile)) {
      const json = JSON.stringify(publicConfig(deps.env)).replace(/</g, "\\u003c");
      indexHtml = readFileSync(indexFile, "utf8").replace(
        "</head>",
        `<script id="public-config" type="application/json">${json}</script></head>`,
      );
    }
    if (!indexHtml) {
      return c.text(
        "The web app is not built. Run `npm run build` (npm start does it for you).",
        503,
      );
    }
    const shells = mayHavePageShell(c) ? (await prerendered())?.shells : undefined;
    const shell =
      shells && indexHtml.includes(ROOT_ELEMENT) ? await signedInShell(c, shells) : undefined;
    if (shell) {
      // This page is the visitor's own: no shared cache keeps it, and it differs by session.
      c.header("Cache-Control", "private, no-cache");
      c.header("Vary", "Cookie");
      return c.html(indexHtml.replace(ROOT_ELEMENT, () => shell + ROOT_ELEMENT));
    }
    c.header("Cache-Control", "no-cache");
    // A query string can change what a page shows (`/login?error=…`): only the bare path is
    // prerendered, anything else is built in the browser.
    if (new URL(c.req.url).search === "") {
      const html = await readPrerendered(c.req.path, indexHtml);
      if (html) return c.html(html);
    }
    const preview = await sharedTripPreview(c);
    if (preview) {
      // Unsharing must take the preview down at once: no cache keeps the trip's name.
      c.header("Cache-Control", "no-store");
      return c.html(indexHtml.replace(/<title>[^<]*<\/title>/, () => preview));
    }
    return c.html(indexHtml);
  };
  const readPrerendered = async (pagePath: string, shell: string) => {
    // Any other page is built in the browser: it need not wait for the prerenderer's first run.
    if (!isPrerenderedPath(pagePath)) return undefined;
    const cached = pageHtml.get(pagePath);
    if (cached) return cached;
    const markup = (await prerendered())?.pages.get(pagePath);
    if (markup === undefined || !shell.includes(ROOT_ELEMENT)) return undefined;
    const html = shell.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
    pageHtml.set(pagePath, html);
    return html;
  };
  app.get("/", sendIndex);
  app.get("/index.html", sendIndex);
  // Without a build (API-only tests, a fresh clone before `npm start`) there is nothing to serve
  // statically; every page answers with the "not built" message instead.
  if (existsSync(root)) {
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
      async (c, next) => {
        await next();
        // Set here, after the fact: serveStatic's onFound runs once the response is built, too late
        // for a header. Last-Modified marks a file it served (the SPA page sets its own). The service
        // worker and the manifest are re-checked on every visit, or an update would wait for an HTTP
        // cache to expire.
        if (c.res.status === 200 && c.res.headers.has("Last-Modified")) {
          const alwaysFresh = /(?:^|\/)(sw\.js|manifest\.webmanifest)$/.test(c.req.path);
          c.header("Cache-Control", alwaysFresh ? "no-cache" : "public, max-age=3600");
        }
      },
      serveStatic({ root }),
    );
  }
  app.get("/assets/*", missingFile);
  app.get("*", (c) => (isFileRequest(c.req.path) ? missingFile(c) : sendIndex(c)));
}
