// The server-side entry (built by `vite build --ssr`, see package.json): the public pages as HTML, so
// a visitor sees the page before its JavaScript has arrived and run. The browser then hydrates that
// HTML (main.tsx) instead of building the page a second time.
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { PublicConfig } from "#shared/schemas/config.ts";
import { AppProvider } from "./app/provider.tsx";
import { AppRoutes, PRERENDERED_PATHS } from "./app/router.tsx";
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
  if (!PRERENDERED_PATHS.includes(pathname)) throw new Error(`${pathname} is not prerendered`);
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
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}
