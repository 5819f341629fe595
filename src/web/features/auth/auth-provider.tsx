import { useQueryClient } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { authClient } from "#web/lib/auth-client.ts";
import { AuthContext, type AuthContextValue } from "./auth-context.ts";

/**
 * Restores the session on load; Better Auth's client refetches it when the tab regains focus, and
 * the server extends a session in use (updateAge). `signOut` ends the session on the server and
 * reloads at /login.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const queryClient = useQueryClient();

  const value = useMemo<AuthContextValue>(() => {
    const refresh = async () => {
      await session.refetch();
    };
    const signOut = async () => {
      const response = await fetch("/api/auth/sign-out", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error("Sign out failed");
      queryClient.clear();
      // A full load of /login: nothing of the previous user stays in memory, and no guarded page
      // gets to re-render signed-out first (it would send the visitor to /login?from=…).
      window.location.assign("/login");
    };
    const user = session.data?.user;
    if (session.isPending) return { status: "loading", user: null, refresh, signOut };
    if (!user) return { status: "signed-out", user: null, refresh, signOut };
    return {
      status: "signed-in",
      user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
      refresh,
      signOut,
    };
  }, [session, queryClient]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
