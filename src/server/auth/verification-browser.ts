import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { createAuthMiddleware } from "better-auth/api";
import { expireCookie } from "better-auth/cookies";
import type { Db } from "../db/database.ts";
import { recordPasswordChange } from "./password-changes.ts";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

// Set in the browser that signed up (or asked for a new link while signed in): a verification link
// signs in only that browser. Its value is `<expiry>.<HMAC(auth secret, user id and expiry)>`: bound
// to the user and to the link's lifetime, unforgeable, and without the user id in clear (a cookie
// value is a secret the logs must never show; a user id is logged).
const PENDING_COOKIE = "verification_pending";

function markFor(secret: string, userId: string, expiresAtSeconds: number) {
  return createHmac("sha256", secret)
    .update(`verification-pending:${userId}:${expiresAtSeconds}`)
    .digest("base64url");
}

/** Marks this browser as the one that asked for `userId`'s verification link, for as long as it lives. */
export function markVerifyingBrowser(ctx: HookContext, userId: string, maxAgeSeconds: number) {
  const cookie = ctx.context.createAuthCookie(PENDING_COOKIE, { maxAge: maxAgeSeconds });
  const expiresAt = Math.floor(Date.now() / 1000) + maxAgeSeconds;
  const value = `${expiresAt}.${markFor(ctx.context.secret, userId, expiresAt)}`;
  ctx.setCookie(cookie.name, value, cookie.attributes);
}

/** Whether this browser carries a live mark for `userId` (a forged, old or other user's mark does not count). */
export function isVerifyingBrowser(ctx: HookContext, userId: string) {
  const value = ctx.getCookie(ctx.context.createAuthCookie(PENDING_COOKIE).name);
  const [expires, given, ...rest] = (value ?? "").split(".");
  const expiresAt = Number(expires);
  if (!given || rest.length > 0 || !Number.isSafeInteger(expiresAt)) return false;
  if (expiresAt < Date.now() / 1000) return false;
  const wanted = Buffer.from(markFor(ctx.context.secret, userId, expiresAt));
  const received = Buffer.from(given);
  return received.length === wanted.length && timingSafeEqual(received, wanted);
}

export function clearVerifyingBrowser(ctx: HookContext) {
  expireCookie(ctx, ctx.context.createAuthCookie(PENDING_COOKIE));
}

/**
 * An address verified from a browser that did not sign up: whoever signed up may not own the
 * mailbox (an account made in advance with someone else's address). The mailbox owner takes the
 * account over: every session ends, the sign-up password stops working (replaced by the hash of a
 * secret nobody keeps; older reset and verification links die with it), and a fresh one-time reset
 * token lets the verifier set their own password. Returns that token.
 */
export async function handOverToMailboxOwner(
  ctx: HookContext,
  db: Db,
  userId: string,
  {
    linkLifetimeSeconds,
    resetTokenSeconds,
  }: { linkLifetimeSeconds: number; resetTokenSeconds: number },
) {
  const adapter = ctx.context.internalAdapter;
  await adapter.deleteUserSessions(userId);
  if (await adapter.findCredentialAccount(userId)) {
    const unusable = await ctx.context.password.hash(randomBytes(32).toString("base64url"));
    await adapter.updatePassword(userId, unusable);
  }
  // After this, not before: it also deletes every reset token the user has.
  await recordPasswordChange(db, userId, linkLifetimeSeconds);
  // As Better Auth keeps its own reset tokens, so /reset-password takes this one the same way.
  const token = randomBytes(18).toString("base64url");
  await adapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + resetTokenSeconds * 1000),
  });
  return token;
}
