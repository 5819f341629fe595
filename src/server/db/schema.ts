import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Grounding, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { Split } from "#shared/money.ts";
import type { TravelMode, TravelModePreferences } from "#shared/schemas/travel.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import type { TripParty } from "#shared/schemas/trip-party.ts";
import type { IdeaPlace } from "#shared/schemas/ideas.ts";
import type { TripBookingField, TripEditableField } from "#shared/trip-fields.ts";
import { user } from "./auth-schema.ts";

export * from "./auth-schema.ts";
export * from "./oauth-schema.ts";
export * from "./routing-schema.ts";

export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull().default(""),
  // The storage key, never a URL: every read signs a fresh link, so avatars never expire in the profile.
  avatarKey: text("avatar_key"),
  bio: text("bio").notNull().default(""),
  preferredTravelStyle: text("preferred_travel_style"),
  interests: text("interests")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  preferredDestinations: text("preferred_destinations")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  // "C" or "F"; null follows the browser's locale (en-US reads °F, every other locale °C).
  temperatureUnit: text("temperature_unit"),
  // Where the traveller's trips start and end (issue 47): the plan form's "From"; null: not given.
  homeCity: text("home_city"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const trips = pgTable(
  "trips",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // What the traveller calls the trip (lists, titles, print, calendar, shared page); the planner
    // only ever searches the destination. Set to the destination when the trip is created.
    name: text("name").notNull(),
    destination: text("destination").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    budget: numeric("budget", { precision: 12, scale: 2, mode: "number" }).notNull(),
    travelStyle: text("travel_style").notNull(),
    interests: text("interests")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    itinerary: jsonb("itinerary").$type<Itinerary>().notNull(),
    status: text("status").notNull().default("generated"),
    isPublic: boolean("is_public").notNull().default(false),
    // The public link's secret (`/shared/<token>`): set at every share, cleared on unshare, so a link
    // given out before an unshare never works again. Null while the trip is private.
    shareToken: text("share_token").unique("trips_share_token_unique"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Optimistic concurrency: every saved change names the version it read and bumps it by one.
    version: integer("version").notNull().default(1),
    place: jsonb("place").$type<TripPlace>(),
    // The cities in order, each with its dates and resolved place (migration 0013 makes every older
    // trip one stop from its destination, dates and place). Journeys and stays are members' data.
    stops: jsonb("stops").$type<TripStop[]>().notNull(),
    transport: jsonb("transport").$type<Transport[]>().notNull().default([]),
    stays: jsonb("stays").$type<Stay[]>().notNull().default([]),
    grounding: jsonb("grounding")
      .$type<Grounding>()
      .notNull()
      .default({ status: "off", verified: 0, total: 0, reason: null }),
    // Lower-cased destination and activity text (activity, location, description), one field per line,
    // kept by the database itself (SQL function in migration 0002) so search is one strpos per row.
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`trip_search_text("destination", "itinerary")`),
    // My Trips' card map: [lat, lng] of the first located activities (TRIP_CARD_POINTS_MAX), kept by
    // the database (SQL function in migration 0012), so the list never reads a whole itinerary.
    cardPoints: jsonb("card_points")
      .$type<[number, number][]>()
      .notNull()
      .generatedAlwaysAs(sql`trip_card_points("itinerary")`),
    // Balances and "who pays whom" are in this currency. While not chosen (`settlement_currency_chosen`
    // false) it follows the expenses: the currency most of their value is in, USD with none or a tie,
    // recomputed with every expense change (trip-settlement.ts).
    settlementCurrency: text("settlement_currency").notNull().default("USD"),
    // How legs are chosen (issue 46); null reads as DEFAULT_TRAVEL_MODE (walk up to 20 min, transit).
    travelMode: jsonb("travel_mode").$type<TravelModePreferences>(),
    // The modes travellers chose for single legs (setLegMode), by the id of the activity reached.
    // Who goes, from where, where they sleep, what they eat, what they avoid (issue 47); null on trips
    // saved before it, read as DEFAULT_PARTY (one traveller, no origin).
    party: jsonb("party").$type<TripParty>(),
    legModes: jsonb("leg_modes").$type<Record<string, TravelMode>>().notNull().default({}),
    settlementCurrencyChosen: boolean("settlement_currency_chosen").notNull().default(false),
    // Set when the owner deletes the trip: from then on no one reads it but the owner's "Recently
    // deleted" list, and it is removed for good TRIP_PURGE_DAYS later (trip-deletion.ts).
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("trips_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("trips_deleted_at_idx")
      .on(t.deletedAt)
      .where(sql`deleted_at is not null`),
    index("trips_user_budget_idx").on(t.userId, t.budget, t.id),
  ],
);

export type TripRow = typeof trips.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

/** Fixed-window counters for our own abuse limits (generation, chat), shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * Stored files of deleted accounts that could not be removed at once (storage down): every file under
 * `prefix` is deleted by a retry later. Recorded in the same transaction that deletes the user, so a
 * crash in between leaves a retry behind, never an orphan.
 */
export const pendingFileDeletions = pgTable(
  "pending_file_deletions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    prefix: text("prefix").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pending_file_deletions_next_idx").on(t.nextAttemptAt)],
);

/**
 * Answers of the geocoders we call (Open-Meteo for destinations, a Nominatim-compatible service for
 * activities), hits and misses alike: their usage policies ask for caching, and a place does not
 * move. `result` is null for "nothing matched"; a failed request is never stored.
 */
export const geocodeCache = pgTable(
  "geocode_cache",
  {
    /** "destination" or "activity". */
    kind: text("kind").notNull(),
    /** The normalised query; for activities it includes the destination it was searched near. */
    query: text("query").notNull(),
    result: jsonb("result").$type<GeocodeCacheResult>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.query] })],
);

export type GeocodeCacheResult = TripPlace | { lat: number; lng: number };

/**
 * Overpass answers (OpenStreetMap places) per destination and interest, shared by every instance: the
 * public Overpass instance asks for no repeated identical queries, and a new destination costs at most
 * one request per interest. `destination` is the point searched around, rounded (see places-cache.ts);
 * `interest` is a traveller's interest ("History") or `name:<lower-cased text>` for a search by name.
 * `elements` holds the named OSM elements as Overpass sent them (`type`, `id`, `lat`/`lon` or
 * `center`, `tags`), so a change in how we read them needs no new request. Rows are refetched after
 * 30 days; a failed request is never stored.
 */
export const placesCache = pgTable(
  "places_cache",
  {
    destination: text("destination").notNull(),
    interest: text("interest").notNull(),
    elements: jsonb("elements").$type<unknown[]>().notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.destination, t.interest] })],
);

/**
 * The companions of a trip: editors and viewers. The owner is `trips.user_id` and has no row here
 * (so the owner's list keeps reading its own index, and a trip never has two owners); deleting the
 * trip or the companion's account deletes the row.
 */
export const tripMembers = pgTable(
  "trip_members",
  {
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** "editor" or "viewer". */
    role: text("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.userId] }),
    index("trip_members_user_idx").on(t.userId, t.tripId),
  ],
);

/**
 * Invitations to a trip, by e-mail address. Only the SHA-256 of the link's token is stored; an
 * invitation works once (`used_at`), until `expires_at`, unless revoked or replaced (`revoked_at`).
 */
export const tripInvites = pgTable(
  "trip_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique("trip_invites_token_hash_unique"),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("trip_invites_trip_idx").on(t.tripId, t.email)],
);

export type TripMemberRow = typeof tripMembers.$inferSelect;
export type TripInviteRow = typeof tripInvites.$inferSelect;

/** What a version keeps of a trip: its editable fields, enough to show or bring it back. */
export type TripSnapshot = Pick<
  TripRow,
  Exclude<TripEditableField, TripBookingField> | "place" | "grounding"
> &
  // Versions saved before migration 0013 have none of these (read them with the trip's own).
  Partial<Pick<TripRow, TripBookingField>>;

/**
 * Every saved version of a trip (the last 100 per trip are kept): who saved it, when, a one-line
 * summary, and the trip's editable fields as they were then. History, restore and the merge of a
 * stale change (its base version) read it. A user's deletion keeps the versions of trips they
 * only edited (by becomes null).
 */
export const tripVersions = pgTable(
  "trip_versions",
  {
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    byUserId: text("by_user_id").references(() => user.id, { onDelete: "set null" }),
    summary: text("summary").notNull(),
    snapshot: jsonb("snapshot").$type<TripSnapshot>().notNull(),
    /** The assistant (an OAuth client's name) that made the change through /mcp, if one did. */
    via: text("via"),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.version] })],
);

/**
 * Exchange rates from the European Central Bank (Frankfurter), one row per base and asked date: a
 * weekend or holiday is answered with the last business day before it (`rate_date`), kept under the
 * asked date too so it is asked once. `latest` is kept under the UTC day it was asked on.
 */
export const fxRates = pgTable(
  "fx_rates",
  {
    base: text("base").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    rateDate: date("rate_date", { mode: "string" }).notNull(),
    /** 1 `base` = n units of each code. */
    rates: jsonb("rates").$type<Record<string, number>>().notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.base, t.date] })],
);

/**
 * What the travellers really spent, in any currency, as whole minor units (cents, yen). The USD
 * amount, the rate (1 USD = rate units) and its date are null while the rate is pending. Deleting
 * the trip deletes its expenses; deleting an account deletes the expenses it paid or recorded.
 */
export const tripExpenses = pgTable(
  "trip_expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    category: text("category").notNull(),
    description: text("description").notNull(),
    paidBy: text("paid_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** `{ kind, among, shares?, amounts? }` as the API carries it. */
    split: jsonb("split").$type<Split>().notNull(),
    amountUsdCents: bigint("amount_usd_cents", { mode: "number" }),
    rate: doublePrecision("rate"),
    rateDate: date("rate_date", { mode: "string" }),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("trip_expenses_trip_idx").on(t.tripId, t.date, t.createdAt),
    index("trip_expenses_paid_by_idx").on(t.paidBy),
    index("trip_expenses_created_by_idx").on(t.createdBy),
  ],
);
export type TripExpenseRow = typeof tripExpenses.$inferSelect;

/**
 * Money one member gave another to settle up ("Record a payment"): a transfer, never spending, so it
 * moves balances but not what the trip cost. In its own currency; converted to the trip's settlement
 * currency at the day's rate when balances are read.
 */
export const tripPayments = pgTable(
  "trip_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    fromUserId: text("from_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    toUserId: text("to_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("trip_payments_trip_idx").on(t.tripId, t.date, t.createdAt),
    index("trip_payments_from_idx").on(t.fromUserId),
    index("trip_payments_to_idx").on(t.toUserId),
    index("trip_payments_created_by_idx").on(t.createdBy),
  ],
);
export type TripPaymentRow = typeof tripPayments.$inferSelect;

/**
 * Activities of a new plan waiting for the geocoder (GEOCODER_URL, one lookup a second): the trip
 * is saved and opened without waiting, and a worker on any instance takes these rows one by one
 * (claimed until `claimedUntil`, so two instances never take the same row, and a crashed one's row
 * is taken again after it), places the activity and tells the trip's live pages. `guessLat/Lng`:
 * the model's own point, checked against the stop, used when the geocoder finds nothing.
 */
export const activityPlacements = pgTable(
  "activity_placements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    activityId: text("activity_id").notNull(),
    location: text("location").notNull(),
    near: jsonb("near").$type<TripPlace>().notNull(),
    guessLat: doublePrecision("guess_lat"),
    guessLng: doublePrecision("guess_lng"),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    claimedBy: text("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_placements_trip_idx").on(t.tripId),
    index("activity_placements_due_idx").on(t.claimedUntil, t.createdAt),
    index("activity_placements_owner_idx").on(t.ownerId),
  ],
);
export type ActivityPlacementRow = typeof activityPlacements.$inferSelect;

/**
 * Transit legs a save could not ask within the pace at once (issue 46): each saved with its fallback
 * (road or estimate) and filled in afterwards by one worker of any instance (SKIP LOCKED, then
 * `claimedUntil`, as activity placements are). One row per leg: a later save of the same leg replaces
 * it. `departLocal` and the points are the leg as asked: the worker fills it only while the trip's
 * leg is still that one.
 */
export const travelLegJobs = pgTable(
  "travel_leg_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    activityId: text("activity_id").notNull(),
    fromLat: doublePrecision("from_lat").notNull(),
    fromLng: doublePrecision("from_lng").notNull(),
    toLat: doublePrecision("to_lat").notNull(),
    toLng: doublePrecision("to_lng").notNull(),
    /** Local departure `YYYY-MM-DDTHH:MM` in `zone`. */
    departLocal: text("depart_local").notNull(),
    zone: text("zone").notNull(),
    attempts: integer("attempts").notNull().default(0),
    claimedBy: text("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("travel_leg_jobs_leg_idx").on(t.tripId, t.activityId),
    index("travel_leg_jobs_due_idx").on(t.claimedUntil, t.createdAt),
  ],
);
export type TravelLegJobRow = typeof travelLegJobs.$inferSelect;

/**
 * A trip's packing lists (issue 49): one shared list ("for the group", no owner) and one per member
 * who opened the Packing tab, made on their first read. The partial unique indexes keep that so
 * when two first reads race.
 */
export const packingLists = pgTable(
  "packing_lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    /** "shared" or "personal". */
    kind: text("kind").notNull(),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("packing_lists_shared_idx")
      .on(t.tripId)
      .where(sql`kind = 'shared'`),
    uniqueIndex("packing_lists_personal_idx")
      .on(t.tripId, t.ownerId)
      .where(sql`kind = 'personal'`),
    index("packing_lists_owner_idx").on(t.ownerId),
  ],
);
export type PackingListRow = typeof packingLists.$inferSelect;

/**
 * One thing to pack. `packedBy` is `{ userId: true }`, changed by one key at a time in SQL (never
 * read, changed and written back), so two people ticking at once on two instances both count.
 */
export const packingItems = pgTable(
  "packing_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listId: uuid("list_id")
      .notNull()
      .references(() => packingLists.id, { onDelete: "cascade" }),
    /** Its list's trip, kept here so the trip's limit is one count. */
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    category: text("category").notNull(),
    quantity: integer("quantity").notNull().default(1),
    note: text("note").notNull().default(""),
    packedBy: jsonb("packed_by")
      .$type<Record<string, true>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    assignedTo: text("assigned_to").references(() => user.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("packing_items_list_idx").on(t.listId, t.createdAt),
    index("packing_items_trip_idx").on(t.tripId),
    index("packing_items_assigned_idx").on(t.assignedTo),
    index("packing_items_created_by_idx").on(t.createdBy),
  ],
);
export type PackingItemRow = typeof packingItems.$inferSelect;

/** A member's own packing list saved to reuse on another trip (the built-in ones live in code). */
export const packingTemplates = pgTable(
  "packing_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    items: jsonb("items").$type<{ name: string; category: string; quantity: number }[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("packing_templates_owner_idx").on(t.ownerId, t.createdAt)],
);
export type PackingTemplateRow = typeof packingTemplates.$inferSelect;

/**
 * What the group might do (issue 49): an idea to vote on and pull into a day. `status` is "idea",
 * "planned" (then `plannedActivityId` is the activity it became, on `plannedDate`) or "dismissed".
 */
export const tripIdeas = pgTable(
  "trip_ideas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    note: text("note").notNull().default(""),
    url: text("url"),
    place: jsonb("place").$type<IdeaPlace>(),
    // The idea stays with the group when its author's account goes.
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    status: text("status").notNull().default("idea"),
    plannedActivityId: text("planned_activity_id"),
    plannedDate: date("planned_date", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("trip_ideas_trip_idx").on(t.tripId, t.createdAt),
    index("trip_ideas_added_by_idx").on(t.addedBy),
  ],
);
export type TripIdeaRow = typeof tripIdeas.$inferSelect;

/** One row per member and idea: two people voting at once write two rows, both counted. */
export const tripIdeaVotes = pgTable(
  "trip_idea_votes",
  {
    ideaId: uuid("idea_id")
      .notNull()
      .references(() => tripIdeas.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    vote: text("vote").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ideaId, t.userId] }),
    index("trip_idea_votes_user_idx").on(t.userId),
  ],
);

export type PollOptionRow = {
  id: string;
  text: string | null;
  from: string | null;
  to: string | null;
  ideaId: string | null;
  /** The idea's title when the poll was made (an idea removed later still reads). */
  label: string;
};

/** A question for the group that is not a place ("Which weekend?"); its options never change. */
export const tripPolls = pgTable(
  "trip_polls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    options: jsonb("options").$type<PollOptionRow[]>().notNull(),
    multiple: boolean("multiple").notNull().default(false),
    closesAt: timestamp("closes_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("trip_polls_trip_idx").on(t.tripId, t.createdAt),
    index("trip_polls_created_by_idx").on(t.createdBy),
  ],
);
export type TripPollRow = typeof tripPolls.$inferSelect;

/** A member's choice in a poll (one row each, replaced when they change it). */
export const tripPollVotes = pgTable(
  "trip_poll_votes",
  {
    pollId: uuid("poll_id")
      .notNull()
      .references(() => tripPolls.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    optionIds: jsonb("option_ids").$type<string[]>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pollId, t.userId] }),
    index("trip_poll_votes_user_idx").on(t.userId),
  ],
);
