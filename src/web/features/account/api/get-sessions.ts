import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ACCOUNT_MESSAGES, authSessionSchema, type AuthSession } from "#shared/schemas/account.ts";
import { betterAuthRequest } from "./better-auth-request.ts";

export type ListedSession = AuthSession & { current: boolean };

const currentSchema = z.object({ session: z.object({ id: z.string() }) }).nullable();

/** Better Auth's list of the user's active sessions, this device's marked, most recently active first. */
export async function getSessions(): Promise<ListedSession[]> {
  const fallback = ACCOUNT_MESSAGES.loadSessionsFailed;
  const [sessions, current] = await Promise.all([
    betterAuthRequest("/list-sessions", { schema: z.array(authSessionSchema), fallback }),
    betterAuthRequest("/get-session", { schema: currentSchema, fallback }),
  ]);
  return sessions
    .map((session) => ({ ...session, current: session.id === current?.session.id }))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) || b.updatedAt.getTime() - a.updatedAt.getTime(),
    );
}

/** Keyed by user, so one account never sees another's cached list after switching. */
export const getSessionsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ["account", userId, "sessions"], queryFn: getSessions });

export const useSessions = (userId: string) => useQuery(getSessionsQueryOptions(userId));
