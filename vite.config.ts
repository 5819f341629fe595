import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const DEV_API_PORT = 3001;

/** Runtime cache for the API reads a traveller needs on the road; cleared at sign-out. */
export const OFFLINE_API_CACHE = "boundless-api";

export default defineConfig({
  root: "src/web",
  publicDir: path.resolve("public"),
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // The page registers the worker itself after load (src/web/lib/pwa.ts), so registration adds
      // nothing to the first view, and asks before switching to a new version.
      injectRegister: false,
      registerType: "prompt",
      manifest: {
        name: "Boundless — AI travel planner",
        short_name: "Boundless",
        description: "Day-by-day trip plans that come along: saved trips open without a network.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#f8fafc",
        theme_color: "#0f766e",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          {
            src: "/icons/maskable-512.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        navigateFallback: "index.html",
        // API routes and file downloads are never answered with the app shell.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // On the very first visit the worker takes charge at once, so the trip opened next is kept.
        clientsClaim: true,
        runtimeCaching: [
          {
            // A trip the traveller opened (owner's or shared), their list and their session: fresh from
            // the network when there is one, from the cache when there is none.
            urlPattern: ({ url, request }) =>
              request.method === "GET" &&
              url.origin === self.location.origin &&
              /^\/api\/(trips|trips\/[0-9a-f-]{36}|shared\/[0-9a-f-]{36}|auth\/get-session)$/.test(
                url.pathname,
              ),
            handler: "NetworkFirst",
            options: {
              cacheName: OFFLINE_API_CACHE,
              networkTimeoutSeconds: 6,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200 },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: path.resolve("dist/web"),
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
  },
  server: {
    port: 3000,
    proxy: { "/api": { target: `http://127.0.0.1:${DEV_API_PORT}`, changeOrigin: false } },
  },
});
