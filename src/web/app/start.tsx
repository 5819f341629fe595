import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProvider } from "./provider.tsx";
import { releasePageShell } from "#web/lib/page-shell.ts";
import { AppRouter, preloadPrerenderedPage } from "./router.tsx";

const SHELL_AT_MOST_MS = 10_000;

/**
 * Starts React on #root. A public page arrives prerendered (prerender.tsx, server/static.ts): React
 * takes over that HTML instead of building it again; every other page is built here. As a transition,
 * React renders (or hydrates) in short slices and the main thread stays free for input in between.
 */
export async function startApp(root: HTMLElement) {
  const prerendered = root.firstElementChild !== null;
  if (prerendered) await preloadPrerenderedPage(window.location.pathname);
  const app = (
    <StrictMode>
      <AppProvider prerendered={prerendered}>
        <AppRouter />
      </AppProvider>
    </StrictMode>
  );
  startTransition(() => {
    if (prerendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
  // The page removes the server's shell when it can take over (lib/page-shell.ts); should a page
  // not, a notice in the app (offline, an error) must not stay hidden under it.
  setTimeout(releasePageShell, SHELL_AT_MOST_MS);
}
