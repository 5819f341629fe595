/** Host names that always mean this machine. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins a browser may send writes from. Only APP_ORIGIN in production; in development (and
 * tests) also its loopback aliases on the same port, because the start banner says the server
 * listens on every address and people open http://127.0.0.1:3000 as readily as localhost. No other
 * site can be served under those names, so accepting them opens nothing to cross-site requests.
 */
export function acceptedOrigins(appOrigin: string, nodeEnv: string): string[] {
  if (nodeEnv === "production") return [appOrigin];
  const url = new URL(appOrigin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [appOrigin];
  const port = url.port ? `:${url.port}` : "";
  const aliases = LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
  return [appOrigin, ...aliases.filter((origin) => origin !== appOrigin)];
}

/** What a form shows when its page was opened at an address the server does not answer writes for. */
export function refusedOriginMessage(openedAt: string, appOrigin: string): string {
  return `This page was opened at ${openedAt} but the site's address is ${appOrigin}. Open it there.`;
}

/** The code of that refusal in `{ error: { code } }` (and of Better Auth's own, top-level). */
export const ORIGIN_REFUSED_CODE = "origin_refused";
