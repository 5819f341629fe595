import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Answers of the street and transit routers (issue 46), shared by every instance: the public
 * services ask for caching, and a second plan of the same places should ask nothing. `key` names the
 * service, the profile and the coordinates rounded to about 10 m (and, for transit, the departure);
 * `result` is null for "no route" (a null table cell, NoRoute, no itinerary). Failures are never kept.
 */
export const routingCache = pgTable(
  "routing_cache",
  {
    key: text("key").primaryKey(),
    result: jsonb("result").$type<unknown>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("routing_cache_created_at_idx").on(t.createdAt)],
);

/**
 * The published pace of each public router, kept across every instance on one database: the row of a
 * service holds the earliest moment (ms since the epoch) its next request may start. An instance
 * takes a slot by moving it forward in one statement, so two instances never take the same one.
 */
export const routingPace = pgTable("routing_pace", {
  service: text("service").primaryKey(),
  nextAtMs: bigint("next_at_ms", { mode: "number" }).notNull(),
});
