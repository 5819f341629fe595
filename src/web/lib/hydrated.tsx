import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from "react";

// True outside a HydratedProvider: a page React built itself was never server HTML.
const HydratedContext = createContext(true);

/**
 * Tells its tree whether React has taken the page over. `prerendered`: the first render must match
 * HTML made on the server (prerender.tsx, and the browser's hydration of it), so it says false; the
 * switch to true comes after hydration, as a transition. A store read with useSyncExternalStore
 * would switch in one synchronous render of every reader (the session check's start re-renders the
 * whole page), a long task on a phone just when the page should answer.
 */
export function HydratedProvider({
  prerendered,
  children,
}: {
  prerendered: boolean;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(!prerendered);
  useEffect(() => {
    // Effects run in the browser only, once the server's HTML is React's.
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False while the browser still shows the server's HTML (prerendered pages, before hydration), then
 * true. A submit button is disabled until then: before React handles it, a form without an action
 * would be sent by the browser itself, its fields in the address bar.
 */
export const useHydrated = () => useContext(HydratedContext);
