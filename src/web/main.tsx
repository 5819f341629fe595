import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider } from "./app/provider.tsx";
import { AppRouter } from "./app/router.tsx";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The service worker is registered after load, from its own chunk: nothing of it is in the first view.
if (import.meta.env.PROD) {
  window.addEventListener("load", () => {
    void import("./lib/pwa.ts").then((pwa) => pwa.registerServiceWorker());
  });
}

const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
