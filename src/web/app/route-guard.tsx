import type { ReactNode } from "react";
import { Navigate, useLocation } from "#web/lib/router/location.tsx";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { LoadingScreen } from "#web/components/loading-screen.tsx";

/** Signed-out visitors go to /login, carrying where they came from so they return after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === "loading") return <LoadingScreen />;
  if (auth.status === "signed-out") {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  return children;
}
