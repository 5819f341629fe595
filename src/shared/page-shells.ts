/**
 * The signed-in page shells (web: app/page-shell.tsx, lib/page-shell.ts; server: static.ts): which
 * pages have one, by the key the prerenderer renders them under, and the placeholder in the trip
 * page's shell that the server replaces with the trip's destination, HTML-escaped.
 */
export const PAGE_SHELLS = ["trips", "trip"] as const;
export type PageShellName = (typeof PAGE_SHELLS)[number];
export const SHELL_DESTINATION = "%%TRIP_DESTINATION%%";
