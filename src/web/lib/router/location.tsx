import {
  createContext,
  startTransition,
  use,
  useCallback,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
// This folder is where wouter's own parts are wrapped for the app.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { Redirect, Router, useParams as useWouterParams } from "wouter";

/**
 * The app's router is wouter (docs/decisions/012-router-and-forms.md): its <Switch>, <Route>, <Link>,
 * <Redirect>, `useParams` and `useSearchParams`. What is ours is where the location lives: in React
 * state, so that each navigation (links, navigate, back and forward) is a transition, and the page
 * shown stays until the next one's code is there (wouter's own browser location is an external
 * store, whose updates React never renders as a transition: the page would blank to its
 * "Loading..." on every move). The same provider serves the browser, tests (a memory history) and
 * the prerenderer (one fixed location).
 */
export type Location = { pathname: string; search: string; hash: string };
export type NavigateOptions = { replace?: boolean; state?: unknown };
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

type Here = { location: Location; navigate: NavigateFunction };

const HereContext = createContext<Here | null>(null);

function useHere(hook: string): Here {
  const here = use(HereContext);
  if (!here) throw new Error(`${hook}() may be used only inside a router`);
  return here;
}

/** `to` from the location `from` (a path, "?query", "#hash" or a relative path), as a URL does. */
export function resolve(to: string, from: Location): Location {
  const url = new URL(to, `http://app${from.pathname}${from.search}${from.hash}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export const pathOf = ({ pathname, search, hash }: Location) => `${pathname}${search}${hash}`;

// wouter's location hooks, read from the provider's state.
const useWouterLocation = (): [string, (to: string, options?: NavigateOptions) => void] => {
  const { location, navigate } = useHere("useLocation");
  return [location.pathname, navigate];
};
const useWouterSearch = () => useHere("useSearch").location.search;

function Provider({ here, children }: { here: Here; children: ReactNode }) {
  return (
    <HereContext value={here}>
      <Router hook={useWouterLocation} searchHook={useWouterSearch}>
        {children}
      </Router>
    </HereContext>
  );
}

const fromWindow = (): Location => {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
};

/** The address bar's location; each change (links, navigate, back and forward) as a transition. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(fromWindow);
  useLayoutEffect(() => {
    const onPopState = () => startTransition(() => setLocation(fromWindow()));
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    if (typeof to === "number") {
      window.history.go(to);
      return;
    }
    const next = resolve(to, fromWindow());
    const state = options.state ?? null;
    if (options.replace) window.history.replaceState(state, "", pathOf(next));
    else window.history.pushState(state, "", pathOf(next));
    startTransition(() => setLocation(next));
  }, []);
  const here = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <Provider here={here}>{children}</Provider>;
}

/** A history kept in memory (tests): starts at the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries = ["/"],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const start = { pathname: "/", search: "", hash: "" };
  const [history, setHistory] = useState(() => ({
    entries: initialEntries.map((entry) => resolve(entry, start)),
    index: initialEntries.length - 1,
  }));
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    startTransition(() =>
      setHistory(({ entries, index }) => {
        if (typeof to === "number")
          return { entries, index: Math.min(Math.max(index + to, 0), entries.length - 1) };
        const kept = entries.slice(0, options.replace ? index : index + 1);
        return { entries: [...kept, resolve(to, entries[index]!)], index: kept.length };
      }),
    );
  }, []);
  const location = history.entries[history.index]!;
  const here = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <Provider here={here}>{children}</Provider>;
}

const refuse: NavigateFunction = () => {
  throw new Error("a prerendered page cannot navigate");
};

/** One fixed location, for the prerenderer (server/prerendered-pages.ts). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const here = useMemo(
    () => ({
      location: resolve(location, { pathname: "/", search: "", hash: "" }),
      navigate: refuse,
    }),
    [location],
  );
  return <Provider here={here}>{children}</Provider>;
}

export const useLocation = (): Location => useHere("useLocation").location;

export const useNavigate = (): NavigateFunction => useHere("useNavigate").navigate;

/** The parameters of the matched pattern (":id" as `id`), decoded. */
export function useParams<T extends Record<string, string | undefined>>(): Partial<T> {
  const params: Record<string, string | undefined> = useWouterParams();
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params))
    if (typeof value === "string" && /^[a-z_]\w*$/i.test(name)) decoded[name] = decode(value);
  return decoded as Partial<T>;
}

function decode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Navigates once rendered (as an effect, so never while rendering on the server). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  return <Redirect to={to} replace={replace} state={state} />;
}

export { useSearchParams } from "wouter";
