import { lazy } from "react";
import { BrowserRouter } from "#web/lib/router/location.tsx";
import { Route, Routes } from "#web/lib/router/routes.tsx";
import { isPrerenderedPath, type PrerenderedPath } from "#shared/prerendered-paths.ts";
import { RootLayout } from "./layout.tsx";
import { PrintLayout } from "./print-layout.tsx";

// Declarative routes with one lazily loaded chunk per page, matched by the app's own router
// (lib/router/): data comes through TanStack Query, so a data router's loaders are not needed, and
// react-router cost the first view 11 KB gzip (net) for what is left.
const page = <K extends string>(load: () => Promise<Record<K, () => React.ReactNode>>, name: K) =>
  Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: load },
  );

const HomeRoute = page(() => import("./routes/home.tsx"), "HomeRoute");
const LoginRoute = page(() => import("./routes/login.tsx"), "LoginRoute");
const SignupRoute = page(() => import("./routes/signup.tsx"), "SignupRoute");
const VerifyEmailRoute = page(() => import("./routes/verify-email.tsx"), "VerifyEmailRoute");
const ForgotPasswordRoute = page(
  () => import("./routes/forgot-password.tsx"),
  "ForgotPasswordRoute",
);
const UpdatePasswordRoute = page(
  () => import("./routes/update-password.tsx"),
  "UpdatePasswordRoute",
);
const ProfileRoute = page(() => import("./routes/profile.tsx"), "ProfileRoute");
const AccountDeleteRoute = page(() => import("./routes/account-delete.tsx"), "AccountDeleteRoute");
const AccountDeletedRoute = page(
  () => import("./routes/account-deleted.tsx"),
  "AccountDeletedRoute",
);
const TripsRoute = page(() => import("./routes/trips.tsx"), "TripsRoute");
const TripDetailRoute = page(() => import("./routes/trip-detail.tsx"), "TripDetailRoute");
const SharedTripRoute = page(() => import("./routes/shared-trip.tsx"), "SharedTripRoute");
const TripPrintRoute = page(() => import("./routes/trip-print.tsx"), "TripPrintRoute");
const SharedTripPrintRoute = page(() => import("./routes/trip-print.tsx"), "SharedTripPrintRoute");
const InvitationRoute = page(() => import("./routes/invitation.tsx"), "InvitationRoute");
const OAuthConsentRoute = page(() => import("./routes/oauth-consent.tsx"), "OAuthConsentRoute");
const AboutRoute = page(() => import("./routes/about.tsx"), "AboutRoute");
const FeaturesRoute = page(() => import("./routes/features.tsx"), "FeaturesRoute");
const DevOutboxRoute = page(() => import("./routes/dev-outbox.tsx"), "DevOutboxRoute");
const NotFoundRoute = page(() => import("./routes/not-found.tsx"), "NotFoundRoute");

/**
 * The pages prerendered by the server (prerender.tsx), with the code each needs to hydrate. Fetched
 * before hydration starts (app/start.tsx), so React takes over the whole page in one pass instead of
 * leaving parts as server HTML that a later update (the session's answer) could hit.
 */
const PRERENDERED: Record<PrerenderedPath, () => Promise<unknown>> = {
  "/": () =>
    Promise.all([
      HomeRoute.preload(),
      import("#web/features/plan-trip/components/plan-trip-prefill.tsx"),
    ]),
  "/login": LoginRoute.preload,
  "/signup": SignupRoute.preload,
  "/forgot-password": ForgotPasswordRoute.preload,
  "/about": AboutRoute.preload,
  "/features": FeaturesRoute.preload,
};

export const preloadPrerenderedPage = async (pathname: string) => {
  if (isPrerenderedPath(pathname)) await PRERENDERED[pathname]();
};

/** Every page of the app; under a BrowserRouter in the browser, a StaticRouter when prerendered. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<HomeRoute />} />
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/signup" element={<SignupRoute />} />
        <Route path="/verify-email" element={<VerifyEmailRoute />} />
        <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
        <Route path="/update-password" element={<UpdatePasswordRoute />} />
        <Route path="/profile" element={<ProfileRoute />} />
        <Route path="/account/delete" element={<AccountDeleteRoute />} />
        <Route path="/account/deleted" element={<AccountDeletedRoute />} />
        <Route path="/trips" element={<TripsRoute />} />
        <Route path="/trips/:id" element={<TripDetailRoute />} />
        <Route path="/shared/:id" element={<SharedTripRoute />} />
        <Route path="/invites/:token" element={<InvitationRoute />} />
        <Route path="/oauth/consent" element={<OAuthConsentRoute />} />
        <Route path="/about" element={<AboutRoute />} />
        <Route path="/features" element={<FeaturesRoute />} />
        <Route path="/dev/outbox" element={<DevOutboxRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
      <Route element={<PrintLayout />}>
        <Route path="/trips/:id/print" element={<TripPrintRoute />} />
        <Route path="/shared/:id/print" element={<SharedTripPrintRoute />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
