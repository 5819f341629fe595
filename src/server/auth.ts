import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { genericOAuth, type GenericOAuthConfig } from "better-auth/plugins/generic-oauth";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { Db } from "./db/client.ts";
import * as schema from "./db/schema.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./lib/logger.ts";
import type { Mailer } from "./services/mail/mailer.ts";
import { resetPasswordMail, verificationMail } from "./services/mail/templates.ts";

export type AuthDeps = {
  env: Env;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Extra OAuth providers through Better Auth's generic OAuth plugin (the tests' loopback provider). */
  genericProviders?: GenericOAuthConfig[];
};

const ONE_HOUR = 60 * 60;

// The user a reset token belongs to, looked up before the token is consumed; keyed by the request.
const resetUserByRequest = new WeakMap<Request, string>();

export function createAuth({ env, db, mailer, logger, genericProviders = [] }: AuthDeps) {
  const social = {
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
      : {}),
    ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
      ? { github: { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET } }
      : {}),
  };
  const plugins: BetterAuthPlugin[] =
    genericProviders.length > 0 ? [genericOAuth({ config: genericProviders })] : [];
  const limit = env.AUTH_RATE_LIMIT;
  const authLog = logger.child({ module: "better-auth" });
  return betterAuth({
    appName: "Boundless",
    baseURL: env.APP_ORIGIN,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.APP_ORIGIN],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    plugins,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up gives a session at once (the spec), so a taken address must be said: Better Auth answers
      // 422 USER_ALREADY_EXISTS. Sign-in and reset never tell whether an address has an account.
      autoSignIn: true,
      resetPasswordTokenExpiresIn: ONE_HOUR,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, url }) => {
        // Not awaited: the answer must not take longer when the address exists (no timing oracle),
        // and a failure could not be reported without telling that it does.
        mailer.send(resetPasswordMail(user.email, url)).then(
          () => logger.info({ userId: user.id }, "password reset mail sent"),
          (error: unknown) => logger.error({ userId: user.id, err: error }, "reset mail failed"),
        );
        return Promise.resolve();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * ONE_HOUR,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail(user.email, url));
        logger.info({ userId: user.id }, "verification mail sent");
      },
    },
    socialProviders: social,
    session: {
      expiresIn: 30 * 24 * ONE_HOUR,
      updateAge: 24 * ONE_HOUR,
      cookieCache: { enabled: false },
      // The Security section lists sessions through /list-sessions, which otherwise needs a session
      // younger than a day; what is sensitive there (change password, delete account) asks for the
      // password instead.
      freshAge: 0,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        // One limit for every sign-in, sign-up and mail-sending path (Better Auth's defaults are 3/10 s).
        "/sign-in/email": { window: 60, max: limit },
        "/sign-in/social": { window: 60, max: limit },
        "/change-password": { window: 60, max: limit },
        "/change-email": { window: 60, max: limit },
        "/sign-up/email": { window: 60, max: limit },
        "/send-verification-email": { window: 60, max: limit },
        "/request-password-reset": { window: 60, max: limit },
        "/reset-password": { window: 60, max: limit },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The spec: a verification e-mail needs a signed-in session.
        if (ctx.path === "/send-verification-email") {
          const session = await getSessionFromCtx(ctx);
          if (!session) throw new APIError("UNAUTHORIZED", { message: MESSAGES.noUserSession });
        }
        if (ctx.path === "/reset-password" && ctx.request) {
          const token = tokenFrom(ctx.body);
          const row = token
            ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
            : null;
          if (row) resetUserByRequest.set(ctx.request, row.value);
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A completed reset signs the user in (the spec: "then go to /" signed in). Every older session
        // was revoked by Better Auth just before; this one is new.
        if (ctx.path !== "/reset-password" || !ctx.request) return;
        const userId = resetUserByRequest.get(ctx.request);
        resetUserByRequest.delete(ctx.request);
        if (!userId || ctx.context.returned instanceof APIError) return;
        const user = await ctx.context.internalAdapter.findUserById(userId);
        if (!user) return;
        const session = await ctx.context.internalAdapter.createSession(userId);
        await setSessionCookie(ctx, { session, user });
      }),
    },
    advanced: {
      useSecureCookies: env.NODE_ENV === "production",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // Better Auth turns its origin check off when NODE_ENV=test; we want tests to see the real thing.
      disableOriginCheck: false,
      // Under @hono/node-server Better Auth sees no client address; app.ts sets x-client-ip from the socket.
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    onAPIError: {
      // Refusals (4xx) are answers, not faults: debug. Anything else is ours to look at.
      onError: (error) => {
        if (error instanceof APIError && error.statusCode < 500)
          authLog.debug({ status: error.statusCode, code: error.body?.code }, error.message);
        else authLog.error({ err: error }, "auth endpoint failed");
      },
    },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const entry = args.length > 0 ? { args: args.map(String) } : {};
        if (level === "error") authLog.error(entry, message);
        else if (level === "warn") authLog.warn(entry, message);
        else authLog.info(entry, message);
      },
    },
  });
}

function tokenFrom(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("token" in body)) return undefined;
  return typeof body.token === "string" ? body.token : undefined;
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
