import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False while the browser still shows the server's HTML (prerendered pages, before hydration), then
 * true. A submit button is disabled until then: before React handles it, a form without an action
 * would be sent by the browser itself, its fields in the address bar.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
