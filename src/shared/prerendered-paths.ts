/**
 * The public pages the server prerenders (web: prerender.tsx, app/router.tsx). Known to the server
 * without the prerenderer, so a request for any other page never waits for its first run.
 */
export const PRERENDERED_PATHS = [
  "/",
  "/login",
  "/signup",
  "/forgot-password",
  "/about",
  "/features",
] as const;
export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

export const isPrerenderedPath = (pagePath: string): pagePath is PrerenderedPath =>
  (PRERENDERED_PATHS as readonly string[]).includes(pagePath);
