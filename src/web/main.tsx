import "./styles.css";
import { startEarlyRequests } from "./lib/early-requests.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The app's code is its own chunk, fetched in parallel with this one (a modulepreload link that
// vite.config.ts adds). A prerendered page is painted before that code runs: evaluating React and
// the app takes a phone a good part of a second, and the visitor can read the page meanwhile.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import("./app/start.tsx").then(({ startApp }) => startApp(root));
};
// The session and the page's own data are asked for now, while the app's code loads (the
// prerendered pages' session check included: its answer is wanted once the app has taken over).
startEarlyRequests(window.location.pathname);
if (root.firstElementChild) {
  // After the next frame is painted; the timer covers a tab in the background, which paints no frame.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 200);
} else start();

// The service worker is registered after load, from its own chunk: nothing of it is in the first view.
if (import.meta.env.PROD) {
  window.addEventListener("load", () => {
    void import("./lib/pwa.ts").then((pwa) => pwa.registerServiceWorker());
  });
}
