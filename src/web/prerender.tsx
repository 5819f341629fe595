// The server-side entry (built by `vite build --ssr`, see package.json): the public pages as HTML, so
// a visitor sees the page before its JavaScript has arrived and run. The browser then hydrates that
// HTML (main.tsx) instead of building the page a second time.
import { StrictMode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "#web/lib/router/location.tsx";
import { SHELL_DESTINATION, type PageShellName } from "#shared/page-shells.ts";
import { isPrerenderedPath, PRERENDERED_PATHS } from "#shared/prerendered-paths.ts";
import type { PublicConfig } from "#shared/schemas/config.ts";
import { TripPageShell, TripsPageShell } from "./app/page-shell.tsx";
import { AppProvider } from "./app/provider.tsx";
import { AppRoutes } from "./app/router.tsx";
import { getPublicConfigQueryOptions } from "./lib/get-public-config.ts";
import { createQueryClient } from "./lib/query-client.ts";

/**
 * The pages whose first view is the same for every visitor (app/router.tsx): no session, no query
 * string. Each is rendered as it looks while the session is being checked ("Loading..." where the
 * session decides), which is also what the browser's first render shows, so hydration matches.
 */
export { PRERENDERED_PATHS };

/** The page's markup for inside `<div id="root">`, waiting for its lazy parts (prerender). */
export async function prerenderPage(pathname: string, config: PublicConfig): Promise<string> {
  if (!isPrerenderedPath(pathname)) throw new Error(`${pathname} is not prerendered`);
  const queryClient = createQueryClient();
  // The same config the page carries inline (server/static.ts): the browser reads that copy.
  queryClient.setQueryData(getPublicConfigQueryOptions().queryKey, config);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={queryClient} prerendered>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    // Every boundary inline: React moves a large one (over its 12.8 KB default, such as the Home
    // form with the whole trip's fields) out of place behind an inline script, which the pages'
    // Content Security Policy blocks, and hydration then fails over to a second client render.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The signed-in page shells (app/page-shell.tsx) as static markup, by name: never hydrated, so
 * without React's markers. The trip's carries SHELL_DESTINATION for the server to fill in.
 */
export function prerenderShells(): [PageShellName, string][] {
  const render = (element: React.ReactNode) =>
    renderToStaticMarkup(<StaticRouter location="/trips">{element}</StaticRouter>);
  return [
    ["trips", render(<TripsPageShell />)],
    ["trip", render(<TripPageShell destination={SHELL_DESTINATION} />)],
  ];
}
