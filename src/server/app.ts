import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { except } from "hono/combine";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { MESSAGES } from "#shared/messages.ts";
import type { AppBindings, AppDeps } from "./context.ts";
import { errorToResponse } from "./lib/errors-to-response.ts";
import { sharedCalendarRoutes, tripCalendarRoutes } from "./routes/calendar.ts";
import { chatRoutes } from "./routes/chat.ts";
import { sameOriginWrites } from "./lib/same-origin.ts";
import { configRoutes } from "./routes/config.ts";
import { devOutboxRoutes } from "./routes/dev-outbox.ts";
import { filesRoutes } from "./routes/files.ts";
import { healthRoutes } from "./routes/health.ts";
import { profileRoutes } from "./routes/profile.ts";
import { sharedRoutes } from "./routes/shared.ts";
import { tripForecastRoutes } from "./routes/trip-forecast.ts";
import { tripGenerationRoutes } from "./routes/trip-generation.ts";
import { tripsRoutes } from "./routes/trips.ts";
import { mountWeb } from "./static.ts";

const JSON_BODY_LIMIT = 256 * 1024;
const UPLOAD_BODY_LIMIT = 3 * 1024 * 1024;

function contentSecurityPolicy(deps: AppDeps) {
  const imgSrc = ["'self'", "data:", "blob:"];
  if (deps.env.S3_ENDPOINT) imgSrc.push(new URL(deps.env.S3_ENDPOINT).origin);
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

function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "local";
  } catch {
    // app.request() in tests has no socket.
    return "local";
  }
}

/** The API, then the web app. Every dependency comes in through `deps`, so tests build the real thing. */
export function createApp(deps: AppDeps, options: { serveWeb?: boolean } = {}) {
  const app = new Hono<AppBindings>();

  app.use(async (c, next) => {
    c.set("deps", deps);
    c.set("sessionUser", undefined);
    c.set("clientIp", clientIp(c, deps.env.TRUST_PROXY));
    await next();
  });
  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    deps.logger.info(
      {
        requestId: c.var.requestId,
        method: c.req.method,
        path: c.req.path,
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
  app.use((c, next) =>
    c.req.header("accept")?.includes("text/event-stream") ? next() : gzip(c, next),
  );
  app.use("/api/*", except("/api/profile/avatar", bodyLimit({ maxSize: JSON_BODY_LIMIT })));
  app.use("/api/profile/avatar", bodyLimit({ maxSize: UPLOAD_BODY_LIMIT }));
  app.use("/api/*", sameOriginWrites(deps.env.APP_ORIGIN));
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
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

  // One sub-app per resource; each line mounts one.
  const api = new Hono<AppBindings>();
  api.route("/health", healthRoutes);
  api.route("/config", configRoutes);
  api.route("/trips", tripsRoutes);
  api.route("/profile", profileRoutes);
  api.route("/files", filesRoutes);
  api.route("/trips", tripGenerationRoutes);
  api.route("/shared", sharedRoutes);
  api.route("/trips", tripCalendarRoutes);
  api.route("/trips", tripForecastRoutes);
  api.route("/shared", sharedCalendarRoutes);
  api.route("/chat", chatRoutes);
  if (deps.env.NODE_ENV !== "production") api.route("/dev/outbox", devOutboxRoutes);
  api.all("*", (c) => c.json({ error: { code: "not_found", message: MESSAGES.notFound } }, 404));
  app.route("/api", api);

  if (options.serveWeb) mountWeb(app);
  app.notFound((c) => c.json({ error: { code: "not_found", message: MESSAGES.notFound } }, 404));
  app.onError(errorToResponse);
  return app;
}

export type App = ReturnType<typeof createApp>;
