import { networkInterfaces } from "node:os";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { TestApp } from "./test-app.ts";

/**
 * Serves a test app over real HTTP (sockets, so the server sees real client addresses), as
 * src/server/index.ts does. `host` 0.0.0.0 listens on every interface.
 */
export async function serveTestApp(t: Pick<TestApp, "app">, host = "127.0.0.1") {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: host }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    /** The URL of this server through one of the machine's addresses (loopback by default). */
    urlVia: (address = "127.0.0.1") => `http://${address}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** This machine's first non-loopback IPv4 address, if it has one (CI containers usually do). */
export function externalIPv4(): string | undefined {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family === "IPv4" && !entry.internal) return entry.address;
    }
  }
  return undefined;
}
