import { queryOptions, useQuery } from "@tanstack/react-query";
import { takeEarlyAnswer } from "#web/lib/early-requests.ts";
import { useHydrated } from "#web/lib/hydrated.tsx";
import { noteSessionUnknown, noteSessionUser } from "#web/lib/user-data.ts";
import type { SessionPayload } from "./session-schema.ts";

export type { SessionPayload };

/**
 * The current session from Better Auth's own endpoint (null when signed out), and when it was asked
 * for (Date.now()): what was kept for offline reading before then may be another user's.
 */
export async function getSession(): Promise<{ session: SessionPayload; askedAt: number }> {
  const early = await takeEarlyAnswer("/api/auth/get-session");
  const askedAt = early?.askedAt ?? Date.now();
  const response =
    early?.response ?? (await fetch("/api/auth/get-session", { credentials: "same-origin" }));
  if (!response.ok) throw new Error(`Session check failed (${response.status})`);
  const body: unknown = await response.json();
  // Signed out: Better Auth answers null, which the schema passes as it is. Checking it would fetch
  // zod (about 15 KB gzip) for every first-time visitor of `/`, who has nothing else for it to check.
  if (body === null) return { session: null, askedAt };
  // The schema (and zod) load with an answer to check, not with the page: see lib/api-client.ts.
  const { sessionSchema } = await import("./session-schema.ts");
  return { session: sessionSchema.parse(body), askedAt };
}

export const SESSION_QUERY_KEY = ["session"] as const;

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async ({ client }) => {
      const { session, askedAt } = await getSession().catch((error: unknown) => {
        noteSessionUnknown();
        throw error;
      });
      // Before anything renders with this answer: a previous user's chat, drafts, cached queries
      // and offline trips are gone by then. A failed check (offline) says nothing and keeps them.
      noteSessionUser(session?.user.id ?? null, client, SESSION_QUERY_KEY, askedAt);
      return session;
    },
    staleTime: 60_000,
    // Re-checked when the tab regains focus and every 5 minutes, so an expired or revoked session
    // shows as signed out; the server extends a session that is in use.
    refetchOnWindowFocus: true,
    refetchInterval: 5 * 60_000,
    retry: 2,
  });

/**
 * On a prerendered page the check starts once React has taken the page over: its answer re-renders
 * the page, and during hydration that would have to be done all at once, blocking input.
 */
export const useSession = () => {
  const hydrated = useHydrated();
  return useQuery({ ...getSessionQueryOptions(), enabled: hydrated });
};
