import { Workbox } from "workbox-window";
import { offerUpdate } from "./pwa-update.ts";

/**
 * Registers the service worker (app shell and opened trips for offline use). Loaded after the page
 * has rendered, so none of it weighs on the first view. A new version waits until the traveller
 * chooses to reload, or takes over on their next visit.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const workbox = new Workbox("/sw.js", { scope: "/" });
  workbox.addEventListener("waiting", () => {
    offerUpdate(() => {
      workbox.addEventListener("controlling", () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  // A browser that refuses service workers (private windows, blocked by policy) still runs the app,
  // only without its offline copy: that is not an error for the page.
  workbox.register().catch((error: unknown) => {
    console.warn("The offline copy of the app is not available here:", error);
  });
}
