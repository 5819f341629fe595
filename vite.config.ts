import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type HtmlTagDescriptor, type Plugin } from "vite";
import { serviceWorker } from "./scripts/service-worker-plugin.ts";

const DEV_API_PORT = 3001;

/**
 * main.tsx imports the app (app/start.tsx) dynamically, after the prerendered page is painted. These
 * links fetch that chunk and everything it imports alongside main.tsx, so the import finds them ready
 * instead of starting a chain of requests then.
 */
function preloadAppStart(): Plugin {
  return {
    name: "boundless:preload-app-start",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        const start = Object.values(bundle).find(
          (output) => output.type === "chunk" && output.facadeModuleId?.endsWith("/app/start.tsx"),
        );
        if (start?.type !== "chunk") throw new Error("the app/start.tsx chunk is missing");
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const output = bundle[fileName];
          if (output?.type === "chunk") output.imports.forEach(visit);
        };
        visit(start.fileName);
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((file) => !html.includes(`"/${file}"`))
          .map((file) => ({
            tag: "link",
            // Low priority: the page is already readable (prerendered) and these are needed only
            // after its first paint, so they must not compete with the stylesheet for it.
            attrs: {
              rel: "modulepreload",
              crossorigin: true,
              fetchpriority: "low",
              href: `/${file}`,
            },
            injectTo: "head",
          }));
        return { html, tags };
      },
    },
  };
}

/**
 * The pages a returning visitor opens, offline too: Home with its form, login, the trip list, a trip
 * and a shared trip. Their chunks, with everything they import statically and their CSS, are the
 * service worker's precache; every other chunk (the map, the opening-hours library, the chat, the
 * editor) is kept when a page first loads it (the `boundless-assets` runtime cache), instead
 * of being downloaded on every first visit whether or not the visitor ever needs it (the worker:
 * src/web/service-worker/worker.ts).
 */
const PRECACHED_PAGES = [
  "/app/start.tsx",
  "/components/connection-notices.tsx",
  "/app/routes/home.tsx",
  "/features/plan-trip/components/plan-trip-prefill.tsx",
  "/app/routes/login.tsx",
  "/app/routes/trips.tsx",
  "/app/routes/trip-detail.tsx",
  "/app/routes/shared-trip.tsx",
];
/** The app shell and what it shows with no network; the larger install icons are not needed offline. */
const PRECACHED_FILES = [
  "index.html",
  "manifest.webmanifest",
  "favicon.svg",
  "default-avatar.svg",
  "icons/icon-192.png",
];

/** Fills `into` with the files of the build that the service worker precaches (PRECACHED_PAGES). */
function precacheGraph(into: Set<string>): Plugin {
  return {
    name: "boundless:precache-graph",
    apply: "build",
    generateBundle(_options, bundle) {
      into.clear();
      for (const file of PRECACHED_FILES) into.add(file);
      const visit = (fileName: string) => {
        const output = bundle[fileName];
        if (into.has(fileName) || output?.type !== "chunk") return;
        into.add(fileName);
        for (const css of output.viteMetadata?.importedCss ?? []) into.add(css);
        output.imports.forEach(visit);
      };
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const page = PRECACHED_PAGES.some((p) => output.facadeModuleId?.endsWith(p));
        if (output.isEntry || page) visit(output.fileName);
      }
      for (const page of PRECACHED_PAGES)
        if (
          ![...into].some(
            (file) =>
              bundle[file]?.type === "chunk" &&
              (bundle[file] as { facadeModuleId?: string | null }).facadeModuleId?.endsWith(page),
          )
        )
          throw new Error(`no chunk for ${page}: PRECACHED_PAGES is out of date`);
    },
  };
}

/** The web app manifest (manifest.webmanifest): installable, with its icons. */
const WEB_MANIFEST = {
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
    { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

/** Where `vite build --ssr` puts the prerenderer of the public pages (server/prerendered-pages.ts). */
const SSR_DIST = path.resolve("dist/ssr");

/**
 * The small modules the first view of / fetches until idle besides its own chunks (measured by
 * `npm run bench -- --check`): grouped into one chunk (below) instead of one request each.
 */
const FIRST_VIEW_HELPERS =
  /\/src\/(web\/lib\/(load-once|use-online|lazy-resolver|hydrated|pwa-update|api-client)\.tsx?|web\/components\/ui\/(button|field|text-field)\.tsx|shared\/(trip-party|temperature|trip-dates|messages)\.ts)$|\/@tanstack\/(query-core|react-query)\/build\/modern\/(queryOptions|useMutation|mutationObserver)\.js$/;

// Two builds: the browser's app (dist/web), and with --ssr the prerenderer (dist/ssr), which needs
// neither the stylesheet's processing nor a service worker.
export default defineConfig(({ isSsrBuild = false }) => {
  const precached = new Set<string>();
  return {
    root: "src/web",
    publicDir: isSsrBuild ? false : path.resolve("public"),
    plugins: [
      react(),
      isSsrBuild ? null : tailwindcss(),
      isSsrBuild ? null : preloadAppStart(),
      isSsrBuild ? null : precacheGraph(precached),
      isSsrBuild ? null : serviceWorker({ manifest: WEB_MANIFEST, precached }),
    ],
    build: {
      outDir: isSsrBuild ? SSR_DIST : path.resolve("dist/web"),
      emptyOutDir: true,
      sourcemap: false,
      target: isSsrBuild ? "node20" : "es2022",
      // No preload helper around dynamic imports: it inserted a <link rel="modulepreload"> per
      // dependency of each lazy chunk, and a phone spent about 100 ms (400 ms at Lighthouse's 4x)
      // inserting the trip page's 30 in one task. The browser fetches a chunk's imports itself as it
      // reads them; a trip page on a throttled phone got its largest paint sooner without the helper
      // (Lighthouse mobile 55-58 -> 61-63, desktop 93-95 -> 98). The first view's chunks still come
      // with modulepreload links in index.html (preloadAppStart above), and no polyfill is needed
      // for those: every browser since 2023 has modulepreload (Safari 17, Firefox 115).
      modulePreload: false,
      // The one chunk past Vite's 500 kB default is the opening_hours library with its holiday
      // tables (about 720 kB), loaded only once a trip's places are checked, never by the first view
      // (whose budget `npm run bench -- --check` holds). The limit sits just above it, so any other
      // chunk growing that large still warns.
      chunkSizeWarningLimit: 750,
      rolldownOptions: isSsrBuild
        ? {}
        : {
            output: {
              codeSplitting: {
                // Small helpers the Home page and the pages after it share were each a chunk of
                // their own (many under 0.5 KB): every one a request with its own headers, which
                // cost more than the code. One chunk holds them; each is needed by the first view.
                groups: [{ name: "app-common", test: FIRST_VIEW_HELPERS }],
              },
            },
          },
    },
    server: {
      port: 3000,
      proxy: { "/api": { target: `http://127.0.0.1:${DEV_API_PORT}`, changeOrigin: false } },
    },
  };
});
