import { Suspense, type ReactNode } from "react";
import { useLocation } from "#web/lib/router/location.tsx";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { RouteErrorBoundary } from "./routes/route-error.tsx";

/** Pages meant for paper: no top bar, footer or chat widget. */
export function PrintLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <main id="main" className="min-h-screen bg-white">
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
      </RouteErrorBoundary>
    </main>
  );
}
