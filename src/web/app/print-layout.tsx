import { Suspense } from "react";
import { useLocation } from "#web/lib/router/location.tsx";
import { Outlet } from "#web/lib/router/routes.tsx";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { RouteErrorBoundary } from "./routes/route-error.tsx";

/** Pages meant for paper: no top bar, footer or chat widget. */
export function PrintLayout() {
  const { pathname } = useLocation();
  return (
    <main id="main" className="min-h-screen bg-white">
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </main>
  );
}
