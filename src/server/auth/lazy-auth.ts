import type { Auth, AuthDeps } from "./auth.ts";

/**
 * Better Auth, imported and built with its first use. It is the largest thing the server loads
 * (about 40 MB resident and half of the module loading at start-up), and the read routes do not need
 * it: they verify the session cookie and read the session themselves (auth/session.ts). Sign-in,
 * sign-up, sign-out, resets and sessions due for extension load it on the first such request.
 *
 * Everything the app uses of Auth is asynchronous (handler, api.*, $context), so a stand-in with the
 * same type forwards each call once the real one is ready; no call site changes.
 */
export function createLazyAuth(deps: AuthDeps): Auth {
  let loaded: Promise<Auth> | undefined;
  const load = () => (loaded ??= import("./auth.ts").then(({ createAuth }) => createAuth(deps)));
  type Endpoint = (...args: unknown[]) => Promise<unknown>;
  const api = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name !== "string") return undefined;
        return async (...args: unknown[]) => {
          const endpoints = (await load()).api as unknown as Record<string, Endpoint>;
          const endpoint = endpoints[name];
          if (!endpoint) throw new TypeError(`Better Auth has no api.${name}`);
          return endpoint(...args);
        };
      },
    },
  );
  const standIn = {
    handler: async (request: Request) => (await load()).handler(request),
    api,
    get $context() {
      return load().then((auth) => auth.$context);
    },
    get $ERROR_CODES() {
      throw new Error("createLazyAuth: $ERROR_CODES is not available before Better Auth loads");
    },
  };
  return standIn as unknown as Auth;
}
