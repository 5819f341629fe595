import type { Env } from "../env.ts";

// What the session reader must know of Better Auth's configuration (auth.ts) without loading Better
// Auth: its cookie names and session ages. session.test.ts checks them against Better Auth's own
// context, so a change on either side fails a test instead of signing everyone out.

const DAY_MS = 24 * 60 * 60 * 1000;

export type SessionSettings = {
  secret: string;
  sessionCookie: string;
  dontRememberCookie: string;
  expiresInMs: number;
  updateAgeMs: number;
};

export function sessionSettings(env: Pick<Env, "NODE_ENV" | "AUTH_SECRET">): SessionSettings {
  // Better Auth's default cookie prefix, with __Secure- when cookies are Secure (production).
  const prefix = env.NODE_ENV === "production" ? "__Secure-better-auth" : "better-auth";
  return {
    secret: env.AUTH_SECRET,
    sessionCookie: `${prefix}.session_token`,
    dontRememberCookie: `${prefix}.dont_remember`,
    expiresInMs: 30 * DAY_MS,
    updateAgeMs: DAY_MS,
  };
}
