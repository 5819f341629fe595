import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AddressRange } from "../env.ts";

/** What `clientAddress` answers when there is no socket (app.request() in tests): never loopback. */
export const NO_SOCKET = "unknown";

/** A dual-stack socket reports an IPv4 client as `::ffff:a.b.c.d`: the plain address is the client. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** The socket's peer: the machine that opened the connection (a proxy, or the client itself). */
export function socketPeer(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalizeAddress(address) : NO_SOCKET;
  } catch {
    return NO_SOCKET;
  }
}

/** Answers whether an address is one of TRUSTED_PROXIES; anything that is not an IP address is not. */
export function proxyMatcher(ranges: readonly AddressRange[]): (address: string) => boolean {
  const list = new BlockList();
  for (const { address, prefix, family } of ranges) list.addSubnet(address, prefix, family);
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? "ipv4" : "ipv6");
  };
}

/** Where a request comes from: the client's address, and whether a trusted proxy handed it over. */
export type RequestOrigin = { address: string; viaTrustedProxy: boolean };

/**
 * The reader of a request's origin. Without TRUST_PROXY, or when the socket's peer is not one of
 * TRUSTED_PROXIES, the peer itself: X-Forwarded-For is then the client's own word, and anyone who
 * reaches the port directly could write "127.0.0.1" there. From a trusted proxy, X-Forwarded-For is
 * read from the right, skipping hops that are trusted proxies too: the first other entry is what the
 * nearest proxy we trust saw (everything left of it came from the client). When every hop is
 * trusted, the leftmost one.
 */
export function requestOriginReader(
  trustProxy: boolean,
  trustedProxies: readonly AddressRange[],
): (c: Context) => RequestOrigin {
  if (!trustProxy) return (c) => ({ address: socketPeer(c), viaTrustedProxy: false });
  const isTrusted = proxyMatcher(trustedProxies);
  return (c) => {
    const peer = socketPeer(c);
    if (!isTrusted(peer)) return { address: peer, viaTrustedProxy: false };
    const hops = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((hop) => normalizeAddress(hop.trim()))
      .filter((hop) => hop !== "");
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i] as string;
      if (i === 0 || !isTrusted(hop)) return { address: hop, viaTrustedProxy: true };
    }
    return { address: peer, viaTrustedProxy: true };
  };
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
