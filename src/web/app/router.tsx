import { lazy } from "react";
import { BrowserRouter } from "#web/lib/router/location.tsx";
import { Route, Switch } from "wouter";
import { isPrerenderedPath, type PrerenderedPath } from "#shared/prerendered-paths.ts";
import { RootLayout } from "./layout.tsx";
import { PrintLayout } from "./print-layout.tsx";

// Declarative routes with one lazily loaded chunk per page, matched by wouter (lib/router/, decision
// 012): data comes through TanStack Query, so a data router's loaders are not needed.
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
    <Switch>
      {/* Pages for paper: no top bar, footer or chat widget. */}
      <Route path="/trips/:id/print">
        <PrintLayout>
          <TripPrintRoute />
        </PrintLayout>
      </Route>
      <Route path="/shared/:id/print">
        <PrintLayout>
          <SharedTripPrintRoute />
        </PrintLayout>
      </Route>
      {/* Every other page in the app's layout, kept mounted from one page to the next. */}
      <Route>
        <RootLayout>
          <Switch>
            <Route path="/">
              <HomeRoute />
            </Route>
            <Route path="/login">
              <LoginRoute />
            </Route>
            <Route path="/signup">
              <SignupRoute />
            </Route>
            <Route path="/verify-email">
              <VerifyEmailRoute />
            </Route>
            <Route path="/forgot-password">
              <ForgotPasswordRoute />
            </Route>
            <Route path="/update-password">
              <UpdatePasswordRoute />
            </Route>
            <Route path="/profile">
              <ProfileRoute />
            </Route>
            <Route path="/account/delete">
              <AccountDeleteRoute />
            </Route>
            <Route path="/account/deleted">
              <AccountDeletedRoute />
            </Route>
            <Route path="/trips">
              <TripsRoute />
            </Route>
            <Route path="/trips/:id">
              <TripDetailRoute />
            </Route>
            <Route path="/shared/:id">
              <SharedTripRoute />
            </Route>
            <Route path="/invites/:token">
              <InvitationRoute />
            </Route>
            <Route path="/oauth/consent">
              <OAuthConsentRoute />
            </Route>
            <Route path="/about">
              <AboutRoute />
            </Route>
            <Route path="/features">
              <FeaturesRoute />
            </Route>
            <Route path="/dev/outbox">
              <DevOutboxRoute />
            </Route>
            <Route>
              <NotFoundRoute />
            </Route>
          </Switch>
        </RootLayout>
      </Route>
    </Switch>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
