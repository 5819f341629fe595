import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";

/**
 * The app's own router, in place of react-router (which made the first view 11 KB gzip larger, for
 * what the app used of it: a location, links, and path patterns matched to pages). Same names and the same
 * behaviour for what the app uses: a navigation is a transition (the page shown stays until the
 * next one's code is there), the history entry carries `state`, a link to the page shown replaces
 * the entry, and modified clicks are left to the browser.
 */
export type Location = {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
};

export type NavigateOptions = { replace?: boolean; state?: unknown };
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

type Router = { location: Location; navigate: NavigateFunction };

const RouterContext = createContext<Router | null>(null);

function useRouter(hook: string): Router {
  const router = use(RouterContext);
  if (!router) throw new Error(`${hook}() may be used only inside a router`);
  return router;
}

type Path = { pathname: string; search: string; hash: string };

/** "/a?b#c" into its parts, as written (no normalisation). */
export function parsePath(path: string): Path {
  const hashAt = path.indexOf("#");
  const hash = hashAt >= 0 ? path.slice(hashAt) : "";
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf("?");
  return {
    pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest,
    search: searchAt >= 0 && searchAt < rest.length - 1 ? rest.slice(searchAt) : "",
    hash: hash === "#" ? "" : hash,
  };
}

export const createPath = ({ pathname, search, hash }: Path) => `${pathname}${search}${hash}`;

/** `to` from the page at `from`: "?q" keeps the path, "#h" path and query; a relative path resolves as a URL. */
export function resolvePath(to: string, from: Path): Path {
  if (to.startsWith("/")) return parsePath(to);
  if (to.startsWith("?")) return { ...parsePath(to), pathname: from.pathname };
  if (to.startsWith("#")) return { ...parsePath(to), pathname: from.pathname, search: from.search };
  const url = new URL(to, `http://localhost${from.pathname}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function fromWindow(): Location {
  const { pathname, search, hash } = window.location;
  const state: unknown = window.history.state;
  const entry =
    typeof state === "object" && state !== null ? (state as Record<string, unknown>) : {};
  return {
    pathname,
    search,
    hash,
    state: entry.usr ?? null,
    key: typeof entry.key === "string" ? entry.key : "default",
  };
}

function RouterProvider({ router, children }: { router: Router; children: ReactNode }) {
  return <RouterContext value={router}>{children}</RouterContext>;
}

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
    const path = resolvePath(to, window.location);
    const key = newKey();
    const entry = { usr: options.state ?? null, key };
    if (options.replace) window.history.replaceState(entry, "", createPath(path));
    else window.history.pushState(entry, "", createPath(path));
    startTransition(() => setLocation({ ...path, state: options.state ?? null, key }));
  }, []);
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterProvider router={router}>{children}</RouterProvider>;
}

/** A history kept in memory (tests): starts at the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries = ["/"],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [history, setHistory] = useState<{ entries: Location[]; index: number }>(() => ({
    entries: initialEntries.map((entry, i) => ({
      ...parsePath(entry),
      state: null,
      key: i === 0 ? "default" : newKey(),
    })),
    index: initialEntries.length - 1,
  }));
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    startTransition(() =>
      setHistory(({ entries, index }) => {
        if (typeof to === "number")
          return { entries, index: Math.min(Math.max(index + to, 0), entries.length - 1) };
        const entry = {
          ...resolvePath(to, entries[index]!),
          state: options.state ?? null,
          key: newKey(),
        };
        const kept = entries.slice(0, options.replace ? index : index + 1);
        return { entries: [...kept, entry], index: kept.length };
      }),
    );
  }, []);
  const location = history.entries[history.index]!;
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterProvider router={router}>{children}</RouterProvider>;
}

const refuse: NavigateFunction = () => {
  throw new Error("a prerendered page cannot navigate");
};

/** One fixed location, for the prerenderer (server/prerendered-pages.ts). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const router = useMemo(
    () => ({ location: { ...parsePath(location), state: null, key: "default" }, navigate: refuse }),
    [location],
  );
  return <RouterProvider router={router}>{children}</RouterProvider>;
}

export const useLocation = (): Location => useRouter("useLocation").location;

export const useNavigate = (): NavigateFunction => useRouter("useNavigate").navigate;

/** The query of the location, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | string | Record<string, string>, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter("useSearchParams");
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: URLSearchParams | string | Record<string, string>, options?: NavigateOptions) =>
      navigate(`?${new URLSearchParams(next).toString()}`, options),
    [navigate],
  );
  return [params, set];
}

/** Navigates once rendered (as an effect, so never while rendering on the server). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const { navigate } = useRouter("Navigate");
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}
