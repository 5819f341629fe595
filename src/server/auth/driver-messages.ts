import type { drizzleAdapter } from "better-auth/adapters/drizzle";

type AdapterFactory = ReturnType<typeof drizzleAdapter>;

/** Adds the driver's own words to a Drizzle error's message; the error itself is kept. */
function withCauseMessage(error: unknown): never {
  if (
    error instanceof Error &&
    error.cause instanceof Error &&
    !error.message.includes(error.cause.message)
  )
    error.message = `${error.message}\n${error.cause.message}`;
  throw error;
}

/**
 * Drizzle reports a driver's error as "Failed query: …", the driver's own words ("duplicate key
 * value…", "relation … does not exist") only in `cause`. Better Auth's OAuth provider tells a row
 * another instance inserted first, or a table a migration has not made yet, by those words in the
 * message: without them, two instances starting together on one PostgreSQL left the second one's
 * auth failing every request (422) until it restarted. Every adapter call's error gets them.
 */
export function withDriverMessages(factory: AdapterFactory): AdapterFactory {
  return (options) => {
    const adapter = factory(options);
    return new Proxy(adapter, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          try {
            const result: unknown = Reflect.apply(value, target, args);
            return result instanceof Promise ? result.catch(withCauseMessage) : result;
          } catch (error) {
            return withCauseMessage(error);
          }
        };
      },
    });
  };
}
