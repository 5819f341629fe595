import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** What `clientAddress` answers when there is no socket (app.request() in tests): never loopback. */
export const NO_SOCKET = "unknown";

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the address our proxy appended to
 * X-Forwarded-For. That is the last entry: anything before it came from the client, who can write
 * "127.0.0.1" there as easily as anything else.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? NO_SOCKET;
  } catch {
    return NO_SOCKET;
  }
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (what a dual-stack socket reports). */
export function isLoopback(address: string): boolean {
  const v4 = address.toLowerCase().replace(/^::ffff:/, "");
  if (/^127(\.\d{1,3}){3}$/.test(v4)) return true;
  return address === "::1" || address === "0:0:0:0:0:0:0:1";
}

/** Hono's server, when listening on `host`, can be reached from beyond this machine. */
export function listensBeyondLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  return !(bare === "localhost" || isLoopback(bare));
}
