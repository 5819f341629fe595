import type { Context } from "hono";
import { SHELL_DESTINATION, type PageShellName } from "#shared/page-shells.ts";
import type { AppBindings } from "./context.ts";
import type { NamedStatement } from "../db/database.ts";
import { escapeHtml } from "../lib/escape-html.ts";
import { AppError } from "../lib/http-errors.ts";
import { getSessionUser, hasSessionCookie, readAsSessionUser } from "./session.ts";

const TRIP_PAGE = /^\/trips\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Whether this request can get a shell: a page that has one, asked for with a signed session cookie.
 * The others need neither the session nor the shells (nor to wait for the prerenderer's first run).
 */
export const mayHavePageShell = (c: Context<AppBindings>) =>
  (c.req.path === "/trips" || TRIP_PAGE.test(c.req.path)) && hasSessionCookie(c);

// Only what the shell shows, in the same round trip as the session (readAsSessionUser).
const TRIP_TITLE: NamedStatement = {
  name: "trip_shell_title",
  // The page's heading is the trip's own name.
  text: "select name as destination from trips where user_id = $1 and id = $2 and deleted_at is null",
};

/**
 * The signed-in page shell for this navigation (web: lib/page-shell.ts), or undefined: `/trips`
 * for a signed-in visitor, a trip's page for its owner, with the destination filled in. Anyone else
 * (signed out, someone else's trip, no such trip) gets the plain page, which says so itself; so
 * does everyone when the database cannot answer now, since the shell only saves time.
 */
export async function signedInShell(
  c: Context<AppBindings>,
  shells: ReadonlyMap<PageShellName, string>,
): Promise<string | undefined> {
  try {
    if (c.req.path === "/trips") {
      const shell = shells.get("trips");
      return shell && (await getSessionUser(c)) ? shell : undefined;
    }
    const id = TRIP_PAGE.exec(c.req.path)?.[1];
    const shell = shells.get("trip");
    if (!id || !shell) return undefined;
    const { rows } = await readAsSessionUser<{ destination: string }>(c, TRIP_TITLE, [id]);
    const destination = rows[0]?.destination;
    // A function, so that `$&` and the like in a destination stay text.
    return destination === undefined
      ? undefined
      : shell.replace(SHELL_DESTINATION, () => escapeHtml(destination));
  } catch (error) {
    // A 401 is the signed-out visitor; anything else is logged, and the plain page still works.
    if (!(error instanceof AppError && error.status === 401))
      c.get("deps").logger.warn({ err: error }, "the page shell could not be read");
    return undefined;
  }
}
