import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * The real app served on a loopback port it knows as its own origin (APP_ORIGIN is the server's
 * URL, so Host and Origin checks, cookies and issuer URLs are what they would be in production).
 * The port is bound first and the app built for it, so nothing else can take it in between.
 */
export async function serveOnLoopback(settings: Parameters<typeof createTestApp>[0] = {}) {
  const serving: { app?: TestApp["app"] } = {};
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve(
      {
        fetch: (request, env) => {
          if (!serving.app) return new Response("starting", { status: 503 });
          return serving.app.fetch(request, env);
        },
        port: 0,
        hostname: "127.0.0.1",
      },
      () => resolve(s),
    );
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ ...settings, APP_ORIGIN: origin });
  serving.app = t.app;
  return {
    ...t,
    origin,
    close: async () => {
      if ("closeAllConnections" in server) server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

/**
 * A browser-like client of a loopback server: its Origin on every request, a cookie jar, and
 * redirects left to the caller (as a test must see each step of an OAuth flow).
 */
export function loopbackBrowser(origin: string) {
  const jar = new Map<string, string>();
  const request = async (
    method: string,
    path: string,
    init: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { Origin: origin, ...init.headers };
    if (jar.size > 0) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const url = path.startsWith("http") ? path : `${origin}${path}`;
    const response = await fetch(url, { method, headers, body, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      if (!name) continue;
      if (attributes.some((a) => /max-age=0/i.test(a.trim()))) jar.delete(name.trim());
      else jar.set(name.trim(), rest.join("="));
    }
    return response;
  };
  return {
    request,
    get: (path: string, headers?: Record<string, string>) => request("GET", path, { headers }),
    post: (path: string, json?: unknown, headers?: Record<string, string>) =>
      request("POST", path, { json, headers }),
    delete: (path: string, json?: unknown) => request("DELETE", path, { json }),
    cookies: jar,
  };
}

export type LoopbackBrowser = ReturnType<typeof loopbackBrowser>;
