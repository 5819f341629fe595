import { randomBytes } from "node:crypto";
import type { createAuthMiddleware } from "better-auth/api";
import { expireCookie } from "better-auth/cookies";
import type { Db } from "../db/client.ts";
import { recordPasswordChange } from "./password-changes.ts";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

// Set in the browser that signed up (or asked for a new link while signed in): a verification link
// signs in only that browser. Signed with the auth secret and bound to the user, so another browser
// (a victim sent someone else's link) cannot have it.
const PENDING_COOKIE = "verification_pending";

/** Marks this browser as the one that asked for `userId`'s verification link, for as long as it lives. */
export async function markVerifyingBrowser(
  ctx: HookContext,
  userId: string,
  maxAgeSeconds: number,
) {
  const cookie = ctx.context.createAuthCookie(PENDING_COOKIE, { maxAge: maxAgeSeconds });
  await ctx.setSignedCookie(cookie.name, userId, ctx.context.secret, cookie.attributes);
}

/** Whether this browser carries the mark for `userId` (a forged or another user's mark does not count). */
export async function isVerifyingBrowser(ctx: HookContext, userId: string) {
  const cookie = ctx.context.createAuthCookie(PENDING_COOKIE);
  return (await ctx.getSignedCookie(cookie.name, ctx.context.secret)) === userId;
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
