import {
  lazy,
  Suspense,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Link, NavLink } from "#web/lib/router/link.tsx";
import { useLocation } from "#web/lib/router/location.tsx";
import { PRODUCT_NAME } from "#shared/constants.ts";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "#web/features/auth/auth-context.ts";
import { getProfileQueryOptions } from "#web/features/profile/api/get-profile.ts";
import { TemperatureUnitProvider } from "#web/lib/temperature-unit.tsx";
import { ChatDock } from "#web/features/chat/components/chat-dock.tsx";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { usePublicConfig } from "#web/lib/get-public-config.ts";
import { releasePageShell } from "#web/lib/page-shell.ts";
import { NameReminder } from "./name-reminder.tsx";
import { RouteErrorBoundary } from "./routes/route-error.tsx";

// The offline and new-version notices are never needed for the first paint: their code comes right
// after it (precached with the shell, vite.config.ts), keeping the first view within its budget.
const ConnectionNotices = lazy(() =>
  import("#web/components/connection-notices.tsx").then((m) => ({ default: m.ConnectionNotices })),
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 ${isActive ? "text-brand-800 underline underline-offset-4" : "text-slate-700"}`;

/** The top bar as markup: the live one below, and the signed-in page shell (app/page-shell.tsx). */
export function TopBarView({
  status,
  onSignOut,
  signOutFailed = false,
}: {
  status: "loading" | "signed-in" | "signed-out";
  /** Without it (the page shell, static HTML), Sign Out is shown disabled. */
  onSignOut?: () => void;
  signOutFailed?: boolean;
}) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3"
      >
        <Link to="/" className="text-brand-700 text-xl font-bold tracking-tight">
          {PRODUCT_NAME}
        </Link>
        {/* Reserves the buttons' height while the session loads, so the page does not shift when they appear. */}
        <div className="flex min-h-10 flex-wrap items-center gap-1">
          {status === "signed-in" ? (
            <>
              <NavLink to="/trips" className={navLinkClass}>
                My Trips
              </NavLink>
              <NavLink to="/profile" className={navLinkClass}>
                Profile
              </NavLink>
              {signOutFailed ? (
                <span role="alert" className="text-sm text-red-700">
                  Sign out failed. Please try again.
                </span>
              ) : null}
              <button
                type="button"
                onClick={onSignOut}
                disabled={!onSignOut}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
              >
                Sign Out
              </button>
            </>
          ) : status === "signed-out" ? (
            <>
              <Link
                to="/login"
                className="text-brand-800 hover:bg-brand-50 rounded-md px-3 py-2 text-sm font-medium"
              >
                Login
              </Link>
              <Link
                to="/signup"
                className="bg-brand-700 hover:bg-brand-800 rounded-md px-3 py-2 text-sm font-medium text-white"
              >
                Sign Up
              </Link>
            </>
          ) : null}
        </div>
      </nav>
    </header>
  );
}

function TopBar() {
  const auth = useAuth();
  const [signOutFailed, setSignOutFailed] = useState(false);
  const signOut = () => void auth.signOut().catch(() => setSignOutFailed(true));
  return <TopBarView status={auth.status} onSignOut={signOut} signOutFailed={signOutFailed} />;
}

function Footer() {
  const config = usePublicConfig();
  const email = config.data?.contactEmail;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      {/* Phones: room below the last links, where the assistant's round button sits at the end. */}
      <div className="mx-auto grid max-w-6xl gap-6 px-4 pt-8 pb-24 sm:grid-cols-3 sm:pb-8">
        <div>
          <p className="text-brand-700 font-semibold">{PRODUCT_NAME}</p>
          <p className="mt-1 text-sm text-slate-600">
            Empowering your digital journey, one trip at a time.
          </p>
        </div>
        <nav aria-label="Quick links">
          <p className="font-semibold">Quick links</p>
          <ul className="mt-1 space-y-1 text-sm">
            <li>
              <Link className="text-brand-800 hover:underline" to="/">
                Home
              </Link>
            </li>
            <li>
              <Link className="text-brand-800 hover:underline" to="/about">
                About
              </Link>
            </li>
            <li>
              <Link className="text-brand-800 hover:underline" to="/features">
                Features
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <p className="font-semibold">Contact</p>
          {email ? (
            <a className="text-brand-800 text-sm hover:underline" href={`mailto:${email}`}>
              {email}
            </a>
          ) : null}
        </div>
      </div>
    </footer>
  );
}

/** The signed-in traveller's temperature unit (profile), for the trip weather and the chat's forecast. */
function ProfileTemperatureUnit({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const userId = auth.status === "signed-in" ? auth.user.id : "";
  const profile = useQuery({ ...getProfileQueryOptions(userId), enabled: userId !== "" });
  return (
    <TemperatureUnitProvider unit={profile.data?.temperatureUnit ?? null}>
      {children}
    </TemperatureUnitProvider>
  );
}

export function RootLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // A new page starts at its top, as a full page load would.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // The server's page shell belongs to the page it was sent with; any other page shows itself.
  const firstPathname = useRef(pathname);
  useLayoutEffect(() => {
    if (pathname !== firstPathname.current) releasePageShell();
  }, [pathname]);
  return (
    <ProfileTemperatureUnit>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <TopBar />
        <Suspense fallback={null}>
          <ConnectionNotices />
        </Suspense>
        <NameReminder />
        {/* At least a screen tall: the footer starts below the fold, so it does not jump when a page loads.
            Phones: room at the bottom, so the assistant's round button never covers the last lines. */}
        <main
          id="main"
          className="mx-auto min-h-[calc(100vh-4rem)] w-full max-w-6xl flex-1 px-4 pt-4 pb-24 sm:pt-8 sm:pb-8"
        >
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
          </RouteErrorBoundary>
        </main>
        <Footer />
        {/* The chat widget lives outside the page content, so it survives route changes. */}
        <ChatDock />
      </div>
    </ProfileTemperatureUnit>
  );
}
