import { useQueryClient } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { authClient } from "#web/lib/auth-client.ts";
import { AuthContext, type AuthContextValue } from "./auth-context.ts";

/** Restores the session on load; Better Auth's client refetches it when the tab regains focus. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const queryClient = useQueryClient();

  const value = useMemo<AuthContextValue>(() => {
    const refresh = async () => {
      await session.refetch();
    };
    const signOut = async () => {
      await authClient.signOut();
      // Nothing of the previous user may stay in the cache.
      queryClient.clear();
      await session.refetch();
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
