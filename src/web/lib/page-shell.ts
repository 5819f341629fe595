import { useLayoutEffect } from "react";

/**
 * The signed-in page shell: on `/trips` and a trip's page the server sends the page's top (the top
 * bar, the heading: "My Trips" or the trip's destination) before `#root`, so a phone paints it
 * before the app's code has arrived and run (server/static.ts, app/page-shell.tsx). While it is
 * there, `#root` is hidden (styles.css): the app renders underneath and takes its place when its
 * page has something to show, in the same frame, so the heading never blinks.
 */
export const PAGE_SHELL_ID = "page-shell";

/** Removes the shell (and so shows `#root`); nothing when there is none. */
export function releasePageShell() {
  document.getElementById(PAGE_SHELL_ID)?.remove();
}

/** Removes the shell in the commit that first renders `ready`: before that frame is painted. */
export function usePageShellRelease(ready: boolean) {
  useLayoutEffect(() => {
    if (ready) releasePageShell();
  }, [ready]);
}
