import { safeRedirectPath } from "#web/lib/safe-redirect.ts";

const AUTH_ENTRY = /^\/(login|signup)(?:[/?#]|$)/;

/** Where to go after signing in: a same-site `from`, never back to /login or /signup (a loop), else /. */
export function returnTarget(from: string | null): string {
  const path = safeRedirectPath(from);
  return AUTH_ENTRY.test(path) ? "/" : path;
}
