import type { Context } from "hono";
import { PRODUCT_NAME } from "#shared/constants.ts";
import type { AppBindings } from "./context.ts";
import { escapeHtml } from "../lib/escape-html.ts";
import { findPublicTrip } from "../trips/public-trip.ts";

const SHARED_PAGE = /^\/shared\/([^/]+)$/;

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const formatDay = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

/**
 * The link-preview tags (title, Open Graph, Twitter card) for a public trip's page, or undefined for
 * any other page and for a link that shows no trip (private, unshared, unknown): those get the plain
 * page, which says nothing about the trip.
 */
export async function sharedTripPreview(c: Context<AppBindings>): Promise<string | undefined> {
  const token = SHARED_PAGE.exec(c.req.path)?.[1];
  if (!token) return undefined;
  try {
    const row = await findPublicTrip(c.var.deps.database.db, token);
    if (!row) return undefined;
    const dates = `${formatDay(row.startDate)} – ${formatDay(row.endDate)}`;
    const title = escapeHtml(`${row.name} · ${PRODUCT_NAME}`);
    const description = escapeHtml(`A trip to ${row.destination}, ${dates}: the day-by-day plan.`);
    return [
      `<title>${title}</title>`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
      `<meta property="og:title" content="${escapeHtml(row.name)}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta name="twitter:card" content="summary" />`,
      `<meta name="twitter:title" content="${escapeHtml(row.name)}" />`,
      `<meta name="twitter:description" content="${description}" />`,
    ].join("\n    ");
  } catch (error) {
    // The page works without its preview: a database hiccup costs only the tags.
    c.var.deps.logger.warn({ err: error }, "the shared page's preview could not be read");
    return undefined;
  }
}
