import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import type { Db } from "./db/client.ts";
import * as schema from "./db/schema.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./lib/logger.ts";
import type { Mailer } from "./services/mail/mailer.ts";
import { resetPasswordMail, verificationMail } from "./services/mail/templates.ts";

export type AuthDeps = { env: Env; db: Db; mailer: Mailer; logger: Logger };

const ONE_HOUR = 60 * 60;

export function createAuth({ env, db, mailer, logger }: AuthDeps) {
  const social = {
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
      : {}),
    ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
      ? { github: { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET } }
      : {}),
  };
  const limit = env.AUTH_RATE_LIMIT;
  return betterAuth({
    appName: "Boundless",
    baseURL: env.APP_ORIGIN,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.APP_ORIGIN],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: ONE_HOUR,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(resetPasswordMail(user.email, url));
        logger.info({ userId: user.id }, "password reset mail sent");
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
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: limit },
        "/sign-up/email": { window: 60, max: limit },
        "/send-verification-email": { window: 60, max: limit },
        "/request-password-reset": { window: 60, max: limit },
        "/reset-password": { window: 60, max: limit },
      },
    },
    advanced: {
      useSecureCookies: env.NODE_ENV === "production",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // Under @hono/node-server Better Auth sees no client address; app.ts sets x-client-ip from the socket.
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    logger: { disabled: env.NODE_ENV === "test" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
