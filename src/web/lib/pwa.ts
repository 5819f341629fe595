import { offerUpdate } from "./pwa-update.ts";

/**
 * Registers the service worker (app shell and opened trips for offline use). Loaded after the page
 * has rendered, so none of it weighs on the first view. A new version waits until the traveller
 * chooses to reload, or takes over on their next visit.
 *
 * The browser's own API, not workbox-window: what this needs of it (register, a waiting version,
 * the message that lets it take over) is a few lines, and its 2 KB gzip came with every first visit.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  // A version that is installed while another controls the page waits; the first one does not.
  const offer = (waiting: ServiceWorker) =>
    offerUpdate(() => {
      container.addEventListener("controllerchange", () => window.location.reload(), {
        once: true,
      });
      // The worker (src/web/service-worker/worker.ts) skips waiting on this message.
      waiting.postMessage({ type: "SKIP_WAITING" });
    });
  container
    .register("/sw.js", { scope: "/" })
    .then((registration) => {
      if (registration.waiting && container.controller) offer(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const installing = registration.installing;
        installing?.addEventListener("statechange", () => {
          if (installing.state === "installed" && container.controller) offer(installing);
        });
      });
    })
    // A browser that refuses service workers (private windows, blocked by policy) still runs the
    // app, only without its offline copy: that is not an error for the page.
    .catch((error: unknown) => {
      console.warn("The offline copy of the app is not available here:", error);
    });
}
