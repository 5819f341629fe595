import { Hono, type Context } from "hono";
import { hostHeaderValidation, originValidation } from "@modelcontextprotocol/hono";
import { createMcpHandler, type McpHttpHandler } from "@modelcontextprotocol/server";
import type { AppBindings } from "../http/context.ts";
import type { AppDeps } from "../app-deps.ts";
import { buildAssistantServer, type AssistantCall } from "../mcp/assistant-server.ts";
import { callOf } from "../http/mcp-call.ts";
import {
  touchAssistant,
  unauthorizedAnswer,
  verifyAssistantToken,
} from "../mcp/assistant-token.ts";

/** Better Auth's discovery endpoints, which its plugin list (typed loosely) does not show. */
type DiscoveryApi = {
  getOAuthServerConfig: (input: { headers: Headers }) => Promise<Record<string, unknown>>;
  getOpenIdConfig: (input: { headers: Headers }) => Promise<Record<string, unknown>>;
};
const discovery = (deps: AppDeps) => deps.auth.api as unknown as DiscoveryApi;

/**
 * OAuth discovery at the root, where assistants look for it (RFC 8414 and RFC 9728 put the
 * well-known prefix before the path): the authorization server's metadata (also under
 * /api/auth/.well-known/…) and, through Better Auth's MCP plugin, the /mcp resource's.
 */
export const wellKnownRoutes = new Hono<AppBindings>()
  .get("/oauth-authorization-server", async (c) =>
    c.json(await discovery(c.var.deps).getOAuthServerConfig({ headers: c.req.raw.headers })),
  )
  .get("/openid-configuration", async (c) =>
    c.json(await discovery(c.var.deps).getOpenIdConfig({ headers: c.req.raw.headers })),
  )
  .get("/*", (c) => c.var.deps.auth.handler(c.req.raw));

const MCP_BODY_LIMIT = 256 * 1024;

// One handler per app: it holds nothing between requests (every request builds its own server).
const handlers = new WeakMap<AppDeps, McpHttpHandler>();

function handlerFor(deps: AppDeps): McpHttpHandler {
  let handler = handlers.get(deps);
  if (!handler) {
    handler = createMcpHandler(
      (ctx) => {
        const call = ctx.authInfo?.extra?.call as AssistantCall | undefined;
        if (!call) throw new Error("an MCP request reached the server without its caller");
        return buildAssistantServer(call);
      },
      {
        // Stateless for every revision: 2026-07-28 requests and the 2025-era ones alike.
        legacy: "stateless",
        maxRequestBodySize: MCP_BODY_LIMIT,
        onerror: (error) => deps.logger.debug({ err: error.message }, "mcp request refused"),
      },
    );
    handlers.set(deps, handler);
  }
  return handler;
}

const appHostname = (c: Context<AppBindings>) => new URL(c.var.deps.env.APP_ORIGIN).hostname;

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP, stateless (any instance answers
 * any request), through the official SDK. Host and Origin must be the app's own (DNS rebinding);
 * the bearer token must be one of ours for /mcp (401 with the metadata link otherwise).
 */
export const mcpRoutes = new Hono<AppBindings>()
  .use((c, next) => hostHeaderValidation([appHostname(c)])(c, next))
  .use((c, next) => originValidation([appHostname(c)])(c, next))
  .post("/", async (c) => {
    const deps = c.var.deps;
    const principal = await verifyAssistantToken(
      { db: deps.database.db, auth: deps.auth, appOrigin: deps.env.APP_ORIGIN },
      c.req.raw,
    );
    if (!principal)
      return unauthorizedAnswer(deps.env.APP_ORIGIN, c.req.header("authorization") !== undefined);
    await touchAssistant(deps.database.db, principal);
    const call = callOf(c, principal);
    return handlerFor(deps).fetch(c.req.raw, {
      authInfo: {
        token: "",
        clientId: principal.clientId,
        scopes: principal.scopes,
        extra: { call },
      },
    });
  })
  .on(["GET", "DELETE"], "/", (c) =>
    c.json(
      { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null },
      405,
      {
        Allow: "POST",
      },
    ),
  );
