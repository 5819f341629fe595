import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { MESSAGES } from "#shared/messages.ts";
import { BOOKING_FILE_MAX_BYTES, BOOKING_MESSAGES } from "#shared/schemas/bookings.ts";
import { PLACES_IMPORT_MAX_BYTES, PLACES_IO_MESSAGES } from "#shared/schemas/places-io.ts";
import type { AppBindings } from "./http/context.ts";
import type { AppDeps } from "./app-deps.ts";
import { isLoopback, requestOriginReader } from "./http/client-address.ts";
import { errorToResponse } from "./http/errors-to-response.ts";
import { limitBodyNesting } from "./http/nesting-limit.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./http/request-id.ts";
import { accountRoutes } from "./routes/account.ts";
import { bookingRoutes } from "./routes/bookings.ts";
import { sharedCalendarRoutes } from "./routes/trips/calendar.ts";
import { chatRoutes } from "./routes/chat.ts";
import { sameOriginWrites } from "./http/same-origin.ts";
import { acceptedOrigins } from "./lib/app-origins.ts";
import { configRoutes } from "./routes/config.ts";
import { devOutboxRoutes } from "./routes/dev-outbox.ts";
import { filesRoutes } from "./routes/files.ts";
import { healthRoutes } from "./routes/health.ts";
import { inviteRoutes } from "./routes/invites.ts";
import { mcpRoutes, wellKnownRoutes } from "./routes/mcp.ts";
import { packingTemplateRoutes } from "./routes/packing-templates.ts";
import { placesRoutes } from "./routes/places.ts";
import { planRequestRoutes } from "./routes/plan-request.ts";
import { homePlacesImportRoutes, sharedExportRoutes } from "./routes/places-io.ts";
import { profileRoutes } from "./routes/profile.ts";
import { sharedRoutes } from "./routes/shared.ts";
import { allTripRoutes } from "./routes/trips/index.ts";
import { mountWeb } from "./static.ts";

const JSON_BODY_LIMIT = 256 * 1024;
const UPLOAD_BODY_LIMIT = 3 * 1024 * 1024;
// Booking imports: several files of up to 5 MB each (each checked on its own, 413 naming it).
const IMPORT_BODY_LIMIT = 4 * BOOKING_FILE_MAX_BYTES;
const IMPORT_PATH = /^\/api\/(trips\/[^/]+\/)?bookings\/import\/?$/;
// Saved places: 10 MB of files in all (the route names the file that passes it), with room for the
// multipart framing; the apply's JSON holds up to 2,000 places.
const PLACES_IMPORT_BODY_LIMIT = PLACES_IMPORT_MAX_BYTES + 256 * 1024;
const PLACES_IMPORT_PATH = /^\/api\/(trips\/[^/]+\/)?import-places\/?$/;
const PLACES_APPLY_BODY_LIMIT = 4 * 1024 * 1024;
const PLACES_APPLY_PATH = /^\/api\/trips\/[^/]+\/import-places\/apply\/?$/;

/**
 * The origins a `{z}/{x}/{y}` tile template loads from: one, or Leaflet's default subdomains a, b
 * and c when the host has `{s}` (the other placeholders sit in the path).
 */
function tileOrigins(template: string) {
  const hosts = template.includes("{s}") ? ["a", "b", "c"] : [""];
  return hosts.map((s) => new URL(template.replaceAll("{s}", s).replace(/\{[a-z]\}/g, "0")).origin);
}

function contentSecurityPolicy(deps: AppDeps) {
  const imgSrc = ["'self'", "data:", "blob:"];
  if (deps.env.S3_ENDPOINT) imgSrc.push(new URL(deps.env.S3_ENDPOINT).origin);
  // The trip map's tiles: exactly the configured tile server, nothing broader (no https:, no *).
  imgSrc.push(...tileOrigins(deps.env.MAP_TILE_URL));
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc,
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

// Paths that carry a secret: an invitation's token, a share link's token, a password reset's
// token. Masked in the request line like the verification link's token (which sits in the query,
// never logged): whoever reads the logs must not be able to accept, open or reset with them.
const TOKEN_IN_PATH = /^(\/api\/(?:invites|shared|auth\/reset-password)\/)[^/]+/i;
const loggedPath = (path: string) => path.replace(TOKEN_IN_PATH, "$1[redacted]");

const DEV_OR_ESCAPE = /dev|%/i;

/** The dev outbox's API and page; matched loosely, since the page's router ignores case and "/". */
function isDevOutboxPath(path: string) {
  // Every request passes here: a path with no "dev" in any case and no escape cannot decode to one.
  if (!DEV_OR_ESCAPE.test(path)) return false;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape is not the outbox
  }
  const normalized = decoded.toLowerCase().replace(/\/+$/, "");
  return (
    normalized === "/dev/outbox" ||
    normalized.startsWith("/dev/outbox/") ||
    normalized.startsWith("/api/dev/")
  );
}

/** The name in a Host header (`example.com:3000` → `example.com`, `[::1]:3000` → `::1`), lowercased. */
function hostnameOf(host: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(host);
  if (bracketed) return (bracketed[1] ?? "").toLowerCase();
  return host.replace(/:\d*$/, "").toLowerCase();
}

/**
 * A page on a name of the attacker's that resolves to this machine (DNS rebinding) reaches the
 * server from loopback, but with its own name in Host: the outbox answers only APP_ORIGIN's host,
 * localhost and loopback addresses, which no other site can be served under.
 */
function isOutboxHost(host: string | undefined, appOrigin: string): boolean {
  if (!host) return false;
  const name = hostnameOf(host);
  return name === "localhost" || isLoopback(name) || name === hostnameOf(new URL(appOrigin).host);
}

/** The API, then the web app. Every dependency comes in through `deps`, so tests build the real thing. */
export function createApp(
  deps: AppDeps,
  options: {
    serveWeb?: boolean;
    webRoot?: string;
    /** The prerenderer module (dist/ssr by default with the default web root; tests bring their own). */
    ssrEntry?: string;
    prerenderAfterMs?: number;
  } = {},
) {
  const app = new Hono<AppBindings>();

  const requestOrigin = requestOriginReader(deps.env.TRUST_PROXY, deps.env.TRUSTED_PROXIES);
  // The request line has fixed fields, none of which can hold a secret, so it skips the logger's
  // redaction, which walks every log object for the secret-bearing keys (a few µs per line).
  const requestLog = deps.logger.child({}, { redact: { paths: [] } });
  // The context, the client's address, the request id (a trusted proxy's X-Request-Id when it is a
  // sane one, else our own, echoed in the answer) and the request line, in one middleware: every
  // layer of middleware is a few promises and a closure per request, on every request.
  app.use(async (c, next) => {
    const started = performance.now();
    c.set("deps", deps);
    c.set("sessionUser", undefined);
    const origin = requestOrigin(c);
    c.set("clientIp", origin.address);
    c.set("viaTrustedProxy", origin.viaTrustedProxy);
    const id = requestIdOf(c.req, origin.viaTrustedProxy);
    c.set("requestId", id);
    c.header(REQUEST_ID_HEADER, id);
    await next();
    requestLog.info(
      {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: contentSecurityPolicy(deps),
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity:
        deps.env.NODE_ENV === "production" ? "max-age=31536000; includeSubDomains" : false,
    }),
  );
  const gzip = compress();
  // Streamed responses (SSE) must reach the client as they are written, so they are never compressed.
  // Vary is set before the handler: compress() would otherwise add it with c.header() after the
  // handler, which turns @hono/node-server's light response into a fetch Response whose body is then
  // read back through a stream, on every answer over 1 KB (node core's share of a GET /api/trips
  // profile fell from 20 % to 13 % with this).
  app.use((c, next) => {
    if (c.req.header("accept")?.includes("text/event-stream")) return next();
    c.header("Vary", "Accept-Encoding");
    return gzip(c, next);
  });
  const jsonLimit: MiddlewareHandler<AppBindings> = bodyLimit({ maxSize: JSON_BODY_LIMIT });
  const uploadLimit: MiddlewareHandler<AppBindings> = bodyLimit({ maxSize: UPLOAD_BODY_LIMIT });
  const importLimit: MiddlewareHandler<AppBindings> = bodyLimit({
    maxSize: IMPORT_BODY_LIMIT,
    onError: (c) =>
      c.json({ error: { code: "payload_too_large", message: BOOKING_MESSAGES.tooLarge } }, 413),
  });
  const placesImportLimit: MiddlewareHandler<AppBindings> = bodyLimit({
    maxSize: PLACES_IMPORT_BODY_LIMIT,
    onError: (c) =>
      c.json({ error: { code: "invalid_input", message: PLACES_IO_MESSAGES.tooLarge } }, 422),
  });
  const placesApplyLimit: MiddlewareHandler<AppBindings> = bodyLimit({
    maxSize: PLACES_APPLY_BODY_LIMIT,
  });
  // GET and HEAD carry no body; asking for one would build a whole fetch Request per read.
  app.use((c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || !c.req.path.startsWith("/api/")) return next();
    if (c.req.path === "/api/profile/avatar") return uploadLimit(c, next);
    if (PLACES_IMPORT_PATH.test(c.req.path)) return placesImportLimit(c, next);
    if (PLACES_APPLY_PATH.test(c.req.path)) return placesApplyLimit(c, next);
    return IMPORT_PATH.test(c.req.path) ? importLimit(c, next) : jsonLimit(c, next);
  });
  app.use("/api/*", limitBodyNesting());
  // The dev outbox holds every reset and verification link: only this machine may read it (with
  // TRUST_PROXY, the address a trusted proxy saw), under one of its own names, and not at all in
  // production. Anyone else: 404.
  app.use((c, next) =>
    isDevOutboxPath(c.req.path) &&
    (deps.env.NODE_ENV === "production" ||
      !isLoopback(c.var.clientIp) ||
      !isOutboxHost(c.req.header("host"), deps.env.APP_ORIGIN))
      ? Promise.resolve(c.json({ error: { code: "not_found", message: MESSAGES.notFound } }, 404))
      : next(),
  );
  app.use(
    "/api/*",
    sameOriginWrites(deps.env.APP_ORIGIN, acceptedOrigins(deps.env.APP_ORIGIN, deps.env.NODE_ENV)),
  );
  app.use("/api/*", async (c, next) => {
    await next();
    // Straight on the response's headers: c.header() after the handler would turn @hono/node-server's
    // light response into a full fetch Response (with a stream) on every API answer.
    const headers = c.res.headers;
    if (headers.has("Cache-Control")) return;
    try {
      headers.set("Cache-Control", "no-store");
    } catch {
      c.header("Cache-Control", "no-store"); // immutable headers (a fetched response): copy it
    }
  });

  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    // Better Auth keys its rate limits by this header; it is always ours, never the client's.
    const headers = new Headers(c.req.raw.headers);
    headers.set("x-client-ip", c.var.clientIp);
    const response = await deps.auth.handler(new Request(c.req.raw, { headers }));
    // Better Auth says X-Retry-After; HTTP clients (and our web app) read the standard header.
    const retryAfter = response.headers.get("X-Retry-After");
    if (response.status === 429 && retryAfter && !response.headers.has("Retry-After")) {
      const withRetry = new Response(response.body, response);
      withRetry.headers.set("Retry-After", retryAfter);
      return withRetry;
    }
    return response;
  });

  // The MCP endpoint for assistants and the OAuth discovery documents they look for at the root
  // (MCP=off: neither, so both are the plain 404).
  if (deps.env.MCP) {
    app.route("/.well-known", wellKnownRoutes);
    app.route("/mcp", mcpRoutes);
  }

  // One sub-app per resource; each line mounts one.
  const api = new Hono<AppBindings>();
  api.route("/health", healthRoutes);
  api.route("/config", configRoutes);
  api.route("/trips", allTripRoutes);
  api.route("/profile", profileRoutes);
  api.route("/account", accountRoutes);
  api.route("/files", filesRoutes);
  api.route("/shared", sharedRoutes);
  api.route("/shared", sharedCalendarRoutes);
  api.route("/shared", sharedExportRoutes);
  api.route("/import-places", homePlacesImportRoutes);
  api.route("/chat", chatRoutes);
  api.route("/places", placesRoutes);
  api.route("/plan-request", planRequestRoutes);
  api.route("/invites", inviteRoutes);
  api.route("/bookings", bookingRoutes);
  api.route("/packing", packingTemplateRoutes);
  if (deps.env.NODE_ENV !== "production") api.route("/dev/outbox", devOutboxRoutes);
  api.all("*", (c) => c.json({ error: { code: "not_found", message: MESSAGES.notFound } }, 404));
  app.route("/api", api);

  if (options.serveWeb)
    mountWeb(app, deps, {
      ...(options.webRoot === undefined ? {} : { root: options.webRoot }),
      ...(options.ssrEntry === undefined ? {} : { ssrEntry: options.ssrEntry }),
      ...(options.prerenderAfterMs === undefined
        ? {}
        : { prerenderAfterMs: options.prerenderAfterMs }),
    });
  app.notFound((c) => c.json({ error: { code: "not_found", message: MESSAGES.notFound } }, 404));
  app.onError(errorToResponse);
  return app;
}

export type App = ReturnType<typeof createApp>;
