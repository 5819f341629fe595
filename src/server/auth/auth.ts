import { BASE_ERROR_CODES, betterAuth, type BetterAuthPlugin } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { verifyJWT } from "better-auth/crypto";
import { genericOAuth, type GenericOAuthConfig } from "better-auth/plugins/generic-oauth";
import { jwt } from "better-auth/plugins";
import { mcp } from "@better-auth/mcp";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { Db } from "../db/database.ts";
import * as schema from "../db/schema.ts";
import type { Env } from "../env.ts";
import { betterAuthLogger, describeError } from "./auth-log.ts";
import { withDriverMessages } from "./driver-messages.ts";
import { checkUserFields, sanitizeUserData } from "./auth-user-fields.ts";
import { acceptedOrigins } from "../lib/app-origins.ts";
import type { Logger } from "../lib/logger.ts";
import { revokeAssistants } from "./assistant-grants.ts";
import {
  ASSISTANT_SCOPES,
  MCP_CONSENT_PATH,
  mcpResourceUrl,
  registrationRefusal,
  registrationWithDefaults,
} from "./assistant-oauth.ts";
import { passwordChangedSince, recordPasswordChange } from "./password-changes.ts";
import {
  clearVerifyingBrowser,
  handOverToMailboxOwner,
  isVerifyingBrowser,
  markVerifyingBrowser,
} from "./verification-browser.ts";
import type { Mailer } from "../services/mail/mailer.ts";
import { resetPasswordMail, verificationMail } from "../services/mail/templates.ts";

export type AuthDeps = {
  env: Env;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Extra OAuth providers through Better Auth's generic OAuth plugin (the tests' loopback provider). */
  genericProviders?: GenericOAuthConfig[];
  /** After some of a user's sessions ended: their open live streams close (a no-op by default). */
  onSessionsEnded?: (userId: string) => void;
};

/** Better Auth's endpoints that end sessions: sign-out, revoking, and password changes and resets. */
const SESSION_ENDING_PATHS = new Set([
  "/sign-out",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/change-password",
  "/delete-user",
]);

const ONE_HOUR = 60 * 60;
const VERIFICATION_LINK_SECONDS = 24 * ONE_HOUR;

// The user whose password a reset or change sets, looked up before the endpoint runs (a reset
// consumes its token); keyed by the request.
const passwordUserByRequest = new WeakMap<Request, string>();
// An unverified user a verification link is about to verify, with the link's issue time (JWT iat).
const verificationByRequest = new WeakMap<Request, { userId: string; issuedAt: number }>();
// The signed-in user of a request that may end sessions, read before the endpoint deletes them.
const sessionUserByRequest = new WeakMap<Request, string>();

/** `callbackURL` with one more query parameter, keeping a relative path relative. */
function withParam(callbackURL: string, name: string, value: string) {
  const url = new URL(callbackURL, "http://relative.invalid");
  url.searchParams.set(name, value);
  return url.origin === "http://relative.invalid"
    ? `${url.pathname}${url.search}${url.hash}`
    : url.toString();
}

export function createAuth({
  env,
  db,
  mailer,
  logger,
  genericProviders = [],
  onSessionsEnded = () => undefined,
}: AuthDeps) {
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
  // Boundless is its own OAuth 2.1 authorization server for assistants reaching /mcp: the JWT
  // plugin signs their access tokens, the MCP plugin binds them to the /mcp resource (RFC 8707)
  // and serves the protected-resource metadata (RFC 9728). The resource server is routes/mcp.ts.
  if (env.MCP)
    plugins.push(
      // No JWT header on every /get-session: the web app has its session cookie and needs none.
      jwt({ disableSettingJwtHeader: true }),
      mcp({
        resource: mcpResourceUrl(env.APP_ORIGIN),
        // One page for both: signed out, it sends the traveller through /login and back.
        loginPage: MCP_CONSENT_PATH,
        consentPage: MCP_CONSENT_PATH,
        scopes: ["openid", ...ASSISTANT_SCOPES, "offline_access"],
        clientRegistrationDefaultScopes: [...ASSISTANT_SCOPES, "offline_access"],
        // Assistants register themselves (RFC 7591) as public clients; the before hook keeps them
        // to loopback and https redirect URIs and no client secret.
        allowDynamicClientRegistration: true,
        allowUnauthenticatedClientRegistration: true,
        // A refresh token replayed after rotation is refused outright.
        refreshTokenReuseInterval: 0,
      }),
    );
  const limit = env.AUTH_RATE_LIMIT;
  const authLog = logger.child({ module: "better-auth" });
  return betterAuth({
    appName: "Boundless",
    baseURL: env.APP_ORIGIN,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: acceptedOrigins(env.APP_ORIGIN, env.NODE_ENV),
    database: withDriverMessages(drizzleAdapter(db, { provider: "pg", schema })),
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
      // Ours, in the after hook: a link signs in only the browser that signed up (or asked for it),
      // when it has no session, and only if the link was issued after the last password change (a
      // reset ends every session; a link must not undo it).
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_SECONDS,
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
        // Anyone may register an assistant: as few a minute per address as sign-ups.
        "/oauth2/register": { window: 60, max: limit },
        // Every page and every focus reads the session: a per-address cap on it would sign out
        // everyone behind one shared address (an office, a phone carrier's NAT) after a few clicks.
        // It only reads the caller's own session row, so there is nothing to guess or exhaust.
        "/get-session": false,
      },
    },
    databaseHooks: {
      // Every other path that writes a user row (a Google or GitHub profile): the same rules, applied
      // by trimming and dropping rather than refusing a provider's data.
      user: {
        create: { before: (user) => Promise.resolve({ data: sanitizeUserData(user) }) },
        update: { before: (data) => Promise.resolve({ data: sanitizeUserData(data) }) },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (SESSION_ENDING_PATHS.has(ctx.path) && ctx.request) {
          const session = await getSessionFromCtx(ctx);
          if (session) sessionUserByRequest.set(ctx.request, session.user.id);
        }
        if (ctx.path === "/oauth2/register") {
          const refusal = registrationRefusal(ctx.body);
          if (refusal)
            throw new APIError("BAD_REQUEST", {
              error: refusal.error,
              error_description: refusal.description,
            });
          const body = registrationWithDefaults(ctx.body);
          if (body) return { context: { body } };
        }
        // The spec: a verification e-mail needs a signed-in session.
        if (ctx.path === "/send-verification-email") {
          const session = await getSessionFromCtx(ctx);
          if (!session) throw new APIError("UNAUTHORIZED", { message: MESSAGES.noUserSession });
        }
        if (ctx.path === "/sign-up/email" || ctx.path === "/update-user") {
          const body = checkUserFields(ctx.path, ctx.body);
          if (body) return { context: { body } };
        }
        if (ctx.path === "/reset-password" && ctx.request) {
          const token = stringField(ctx.body, "token");
          const row = token
            ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
            : null;
          if (row) passwordUserByRequest.set(ctx.request, row.value);
        }
        if (ctx.path === "/change-password" && ctx.request) {
          const session = await getSessionFromCtx(ctx);
          if (session) passwordUserByRequest.set(ctx.request, session.user.id);
        }
        if (ctx.path === "/verify-email" && ctx.request) {
          const pending = await unverifiedUserOfLink(ctx, stringField(ctx.query, "token"));
          if (pending) verificationByRequest.set(ctx.request, pending);
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (!ctx.request) return;
        const failed = ctx.context.returned instanceof APIError;
        const endedFor =
          sessionUserByRequest.get(ctx.request) ??
          (ctx.path === "/reset-password" ? passwordUserByRequest.get(ctx.request) : undefined);
        sessionUserByRequest.delete(ctx.request);
        // Told even when the endpoint failed half-way: each instance checks which sessions are gone.
        if (endedFor) onSessionsEnded(endedFor);
        if (ctx.path === "/reset-password" || ctx.path === "/change-password") {
          const userId = passwordUserByRequest.get(ctx.request);
          passwordUserByRequest.delete(ctx.request);
          if (!userId || failed) return;
          // Older reset links die with the old password; older verification links sign nobody in.
          await recordPasswordChange(db, userId, VERIFICATION_LINK_SECONDS);
          // And the assistants allowed with the old password are signed out with everything else.
          await revokeAssistants(db, userId);
          if (ctx.path !== "/reset-password") return;
          // A completed reset signs the user in (the spec: "then go to /" signed in). Every older
          // session was revoked by Better Auth just before; this one is new.
          const user = await ctx.context.internalAdapter.findUserById(userId);
          if (!user) return;
          const session = await ctx.context.internalAdapter.createSession(userId);
          await setSessionCookie(ctx, { session, user });
          return;
        }
        if ((ctx.path === "/revoke-other-sessions" || ctx.path === "/revoke-sessions") && !failed) {
          // "Sign out everywhere" signs out the assistants too.
          const session = await getSessionFromCtx(ctx);
          if (session) await revokeAssistants(db, session.user.id);
          return;
        }
        if (ctx.path === "/verify-email") {
          const pending = verificationByRequest.get(ctx.request);
          verificationByRequest.delete(ctx.request);
          if (pending) await afterVerification(ctx, db, pending);
          return;
        }
        if ((ctx.path === "/sign-up/email" || ctx.path === "/send-verification-email") && !failed) {
          // This browser asked for the link: opening it here signs in; anywhere else it does not.
          const userId = ctx.context.newSession?.user.id ?? (await getSessionFromCtx(ctx))?.user.id;
          if (userId) markVerifyingBrowser(ctx, userId, VERIFICATION_LINK_SECONDS);
          return;
        }
        if (ctx.path === "/sign-up/email" && failed) {
          // Two sign-ups racing for one address: the loser hits the unique index. Answer as for an
          // existing address (the log line is demoted in auth-log.ts).
          const error = ctx.context.returned as APIError;
          const email = stringField(ctx.body, "email");
          if (error.body?.code !== "FAILED_TO_CREATE_USER" || !email) return;
          if (await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase()))
            throw APIError.from(
              "UNPROCESSABLE_ENTITY",
              BASE_ERROR_CODES.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL,
            );
        }
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
      // Refusals (4xx) are answers, not faults: debug. Anything else is ours to look at. isAPIError
      // also knows better-call's own APIError (malformed JSON, a wrong Content-Type), which is not
      // an instance of Better Auth's subclass.
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500)
          authLog.debug({ status: error.statusCode, code: error.body?.code }, error.message);
        else authLog.error({ error: describeError(error) }, "auth endpoint failed");
      },
    },
    logger: betterAuthLogger(authLog),
  });
}

function stringField(source: unknown, key: string): string | undefined {
  if (typeof source !== "object" || source === null) return undefined;
  const value = (source as Record<string, unknown>)[key];
  return typeof value === "string" ? value : undefined;
}

const linkClaims = z.object({
  email: z.string(),
  iat: z.number(),
  updateTo: z.string().optional(),
  userId: z.string().optional(),
});

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The user a plain (not change-of-address) verification link would verify, if still unverified. */
async function unverifiedUserOfLink(ctx: HookContext, token: string | undefined) {
  if (!token) return undefined;
  const payload: unknown = await verifyJWT(token, ctx.context.secret);
  const claims = linkClaims.safeParse(payload);
  // A change-of-address link (`updateTo`) is Better Auth's own flow; it signs nobody in.
  if (!claims.success || claims.data.updateTo !== undefined) return undefined;
  const found = await ctx.context.internalAdapter.findUserByEmail(claims.data.email);
  if (!found || found.user.emailVerified) return undefined;
  if (claims.data.userId !== undefined && claims.data.userId !== found.user.id) return undefined;
  return { userId: found.user.id, issuedAt: claims.data.iat };
}

/**
 * After a link verified an address. The browser that signed up (it carries the mark) is signed in
 * when it has no session, unless the password changed since the link was issued. Any other browser
 * signs nobody in (no login CSRF through someone else's link), and its verifier, who holds the
 * mailbox, takes the account over: every session and the sign-up password end, and the answer carries
 * a one-time token to set a new password (no pre-hijack by whoever signed up with the address). A
 * browser signed in as anyone is left as it is. The page learns what happened from `?verified=`.
 */
async function afterVerification(
  ctx: HookContext,
  db: Db,
  pending: { userId: string; issuedAt: number },
) {
  const user = await ctx.context.internalAdapter.findUserById(pending.userId);
  if (!user?.emailVerified) return;
  const current = await getSessionFromCtx(ctx);
  const signedUpHere = isVerifyingBrowser(ctx, user.id);
  if (signedUpHere) clearVerifyingBrowser(ctx);
  // A session of this very user means this browser knew the password or signed up: nothing to hand over.
  const resetToken =
    signedUpHere || current?.user.id === user.id
      ? undefined
      : await handOverToMailboxOwner(ctx, db, user.id, {
          linkLifetimeSeconds: VERIFICATION_LINK_SECONDS,
          resetTokenSeconds: ONE_HOUR,
        });
  let outcome: "self" | "other" | "signed-out" = "signed-out";
  if (current) {
    outcome = current.user.id === user.id ? "self" : "other";
  } else if (signedUpHere && !(await passwordChangedSince(db, user.id, pending.issuedAt))) {
    const session = await ctx.context.internalAdapter.createSession(user.id);
    await setSessionCookie(ctx, { session, user });
    outcome = "self";
  }
  const callbackURL = stringField(ctx.query, "callbackURL");
  if (!callbackURL) return;
  const target = withParam(callbackURL, "verified", outcome);
  throw ctx.redirect(resetToken ? withParam(target, "token", resetToken) : target);
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
