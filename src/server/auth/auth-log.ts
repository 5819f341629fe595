import type { Logger } from "../lib/logger.ts";

// Better Auth logs a client's mistakes (a refused callbackURL, a foreign origin, a sign-up for an
// existing address) at error or info level, with the attacker's text or the address in the message.
// They are answers to a client, not faults: debug.
const CLIENT_CAUSED = [
  /^Invalid (callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL|origin)\b/,
  /^If it's a valid URL, please add/,
  /^Blocked cross-site navigation login attempt/,
  /^Sign-up attempt for existing email/,
  // A wrong password, an unknown address, a stale OAuth state: answered with a 4xx.
  /^(Invalid password|User not found|Reset Password: User not found|Password not found)$/,
  /^(Email is the same|Code not found|State not found|No callback URL found)$/,
  /^(INVALID_CALLBACK_REQUEST|Invalid id token|OAuth provider not found)$/,
];

const EMAIL = /[^\s@"'<>()[\]]+@[^\s@"'<>()[\]]+\.[^\s@"'<>()[\]]+/g;

function sqlState(error: unknown, depth = 0): string | undefined {
  if (typeof error !== "object" || error === null || depth > 3) return undefined;
  if ("code" in error && typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code))
    return error.code;
  return "cause" in error ? sqlState(error.cause, depth + 1) : undefined;
}

/** What reaches the log at info or above: no e-mail addresses, no row values. */
function scrub(value: unknown): string {
  if (value instanceof Error) return describeError(value);
  return String(value).replace(EMAIL, "[email]");
}

/**
 * An error as a log line may carry it: a database error by its SQLSTATE only (its message and
 * detail quote row values), anything else by its message without e-mail addresses, plus the frames.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return scrub(error);
  const state = sqlState(error);
  const head = state
    ? `${error.name} (SQLSTATE ${state})`
    : `${error.name}: ${error.message.replace(EMAIL, "[email]")}`;
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return [head, ...frames.slice(0, 8)].join("\n");
}

/**
 * Better Auth's `logger` option: its messages through our pino logger. A unique violation while
 * creating a user is two sign-ups racing for one address (the route answers as for an existing
 * address), not a fault.
 */
export function betterAuthLogger(logger: Logger) {
  return {
    level: "debug" as const,
    log: (level: string, message: string, ...args: unknown[]) => {
      const duplicate = message === "Failed to create user" && sqlState(args[0]) === "23505";
      if (
        level === "debug" ||
        duplicate ||
        CLIENT_CAUSED.some((pattern) => pattern.test(message))
      ) {
        logger.debug({ args: args.map(String) }, message);
        return;
      }
      const entry = args.length > 0 ? { args: args.map(scrub) } : {};
      const text = scrub(message);
      if (level === "error") logger.error(entry, text);
      else if (level === "warn") logger.warn(entry, text);
      else logger.debug(entry, text);
    },
  };
}
