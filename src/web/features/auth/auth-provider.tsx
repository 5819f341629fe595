import { useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useMemo, type ReactNode } from "react";
import { clearOfflineData } from "#web/lib/offline.ts";
import { forgetUserData } from "#web/lib/user-data.ts";
import { useSession } from "./api/get-session.ts";
import { AuthContext, type AuthContextValue } from "./auth-context.ts";

/**
 * Restores the session on load and re-checks it (focus, interval); the server extends a session in
 * use (updateAge). Plain fetch + TanStack Query keeps Better Auth's client out of the first view. `signOut` ends the session on the server and
 * reloads at /login. Sign-out, and an answer with no user or another user, forget the previous
 * user's data in this tab and on the device (lib/user-data.ts).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // Only what the value is made of: the query's result object changes with every fetch state (the
  // check starting, a refetch on focus), and a new value re-renders every reader of the context.
  const { isPending, data, refetch } = useSession();
  const queryClient = useQueryClient();

  const value = useMemo<AuthContextValue>(() => {
    const refresh = async () => {
      await refetch();
    };
    const signOut = async () => {
      // The chat, drafts and trips kept for offline reading belong to this user: none may stay on
      // a shared device, even when the request below fails (clicked while offline, say).
      await forgetUserData();
      const response = await fetch("/api/auth/sign-out", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error("Sign out failed");
      queryClient.clear();
      // A read the page made while the request was under way may have been kept again.
      await clearOfflineData().catch(() => undefined);
      // A full load of /login: nothing of the previous user stays in memory, and no guarded page
      // gets to re-render signed-out first (it would send the visitor to /login?from=…).
      window.location.assign("/login");
    };
    const user = data?.user;
    // A failed check (network) counts as signed out rather than leaving the app on 'Loading...'.
    if (isPending) return { status: "loading", user: null, refresh, signOut };
    if (!user) return { status: "signed-out", user: null, refresh, signOut };
    return {
      status: "signed-in",
      user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
      refresh,
      signOut,
    };
  }, [isPending, data, refetch, queryClient]);

  // The first answer re-renders most of the page (the top bar, the Home form, guarded pages): React
  // does that in a background render it can split, instead of all at once inside the urgent update a
  // query result makes. Every later change (sign-in, sign-out) applies at once, so no page ever acts
  // on a status that is out of date; only "Loading..." may show a moment longer.
  const settled = useDeferredValue(value);
  return (
    <AuthContext value={settled.status === "loading" ? settled : value}>{children}</AuthContext>
  );
}
