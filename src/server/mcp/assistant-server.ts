import { McpServer, ResourceTemplate, type CallToolResult } from "@modelcontextprotocol/server";
import { ZodError, z } from "zod";
import { checkItineraryRealism } from "#shared/realism.ts";
import { MESSAGES } from "#shared/messages.ts";
import {
  balancesResponseSchema,
  expenseInputSchema,
  expenseSchema,
} from "#shared/schemas/expenses.ts";
import { placeSearchResponseSchema } from "#shared/schemas/places.ts";
import { tripForecastSchema } from "#shared/schemas/trip-forecast.ts";
import { tripListQuerySchema, tripListResponseSchema } from "#shared/schemas/trip-list.ts";
import { tripRequestSchema } from "#shared/schemas/trip-request.ts";
import { tripPatchSchema } from "#shared/schemas/trip-edit.ts";
import { tripSchema } from "#shared/schemas/trip.ts";
import type { AppDeps } from "../app-deps.ts";
import { ideaInputSchema, ideaSchema } from "#shared/schemas/ideas.ts";
import { addIdea } from "../ideas/ideas.ts";
import { AppError } from "../lib/http-errors.ts";
import { OverBudgetError } from "../planner/fit-budget.ts";
import type { GeoService } from "../services/geo/geo-service.ts";
import { addExpense, balancesFor } from "../money/money-changes.ts";
import { findTripFor } from "../trips/trip-access.ts";
import { applyTripChanges, previewTripChanges } from "../trips/trip-apply.ts";
import { peopleOfExpenses } from "../money/trip-balances.ts";
import { createTrip, settleBookings } from "../trips/trip-create.ts";
import { toTripDto } from "../trips/trip-dto.ts";
import { convertPending, listExpenses, tripPeople } from "../money/trip-expenses.ts";
import { tripForecast } from "../trips/trip-forecast.ts";
import { tripListPage, tripListQuery, type TripListRow } from "../trips/trip-list.ts";
import { searchPlacesNear } from "../trips/place-search.ts";
import { tripRates } from "../money/trip-rates.ts";
import { assertRoomForTrip } from "../trips/trip-quota.ts";
import type { AssistantPrincipal } from "./assistant-token.ts";

/** What only the HTTP layer has: the limits every web request counts against, for this user. */
export type AssistantLimits = {
  /** Before a plan is written: the trip quota's generation and creation limits (429 past them). */
  beforePlan: (planRest: boolean) => Promise<void>;
  /** Before a place search: the user's PLACES_SEARCH_RATE_LIMIT. */
  beforePlaceSearch: () => Promise<void>;
  /** The geocoder lookups of a change, budgeted per save and per hour as the editor's are. */
  geo: GeoService;
};

export type AssistantCall = {
  deps: AppDeps;
  principal: AssistantPrincipal;
  limits: AssistantLimits;
  requestId: string;
  signal: AbortSignal;
};

export const WRITE_NEEDED_MESSAGE =
  "This assistant may only read your trips. Connect it again and allow it to plan and change them.";

const tripIdInput = { tripId: z.string().describe("The trip's id, as list_trips gives it") };

const warningSchema = z.object({
  kind: z.string(),
  severity: z.literal("note").optional(),
  date: z.string(),
  activityId: z.string(),
  message: z.string(),
});

const tripDetailSchema = z.object({
  trip: tripSchema,
  warnings: z.array(warningSchema),
  spending: balancesResponseSchema,
});

const proposalSchema = z.object({
  summary: z.string(),
  trip: tripSchema,
  warnings: z.array(warningSchema),
});

const changesInput = z.object({
  ...tripIdInput,
  version: z.number().int().positive().describe("The trip's version the changes are based on"),
  changes: z
    .record(z.string(), z.unknown())
    .describe(
      "What PATCH /api/trips/:id takes besides version: name, destination, startDate, endDate, budget, travelStyle, interests, itinerary { days }, stops, transport, stays",
    ),
});

const ok = (text: string, structured: Record<string, unknown>): CallToolResult => ({
  content: [{ type: "text", text }],
  structuredContent: structured,
});

const failure = (message: string, structured?: Record<string, unknown>): CallToolResult => ({
  content: [{ type: "text", text: message }],
  isError: true,
  ...(structured ? { structuredContent: structured } : {}),
});

/** The product's message for what went wrong, never a stack trace. */
function toolError(call: AssistantCall, error: unknown): CallToolResult {
  if (error instanceof AppError) return failure(error.message);
  // The cheapest plan meeting the party's needs is over the budget (issue 47): its words.
  if (error instanceof OverBudgetError) return failure(error.message);
  if (error instanceof ZodError) return failure(error.issues[0]?.message ?? MESSAGES.internalError);
  call.deps.logger.error(
    { requestId: call.requestId, err: error, clientId: call.principal.clientId },
    "assistant tool failed",
  );
  return failure(MESSAGES.internalError);
}

async function tripDetail(call: AssistantCall, id: string) {
  const { deps } = call;
  const { db } = deps.database;
  const found = await findTripFor(db, call.principal.user.id, id, "view");
  const { row } = found;
  const rates = await tripRates(deps.fx, row.place, row.stops);
  const trip = { ...toTripDto(row, found), rates };
  await convertPending(db, deps.fx, row.id);
  const expenses = await listExpenses(db, row.id);
  const people = await peopleOfExpenses(db, await tripPeople(db, row), expenses);
  return {
    trip,
    warnings: checkItineraryRealism(trip.itinerary, { budget: trip.budget }),
    spending: await balancesFor(deps, row, expenses, people),
  };
}

const describeTrip = (trip: z.infer<typeof tripSchema>) =>
  `${trip.name} (${trip.destination}), ${trip.startDate} to ${trip.endDate}, version ${trip.version}, ${trip.itinerary.days.reduce((n, d) => n + d.activities.length, 0)} activities, your role: ${trip.role}`;

/**
 * The MCP server one request of an assistant is answered by (stateless: built per request): the
 * tools call the same domain functions as the web routes, as the traveller, with the limits the
 * web counts. Reading needs `trips:read`; the tools that change anything need `trips:write`.
 */
export function buildAssistantServer(call: AssistantCall): McpServer {
  const { deps, principal } = call;
  const server = new McpServer({ name: "Boundless", version: "1.0.0" });

  const run = async (write: boolean, fn: () => Promise<CallToolResult>) => {
    if (write && !principal.canWrite) return failure(WRITE_NEEDED_MESSAGE);
    try {
      return await fn();
    } catch (error) {
      return toolError(call, error);
    }
  };

  server.registerTool(
    "list_trips",
    {
      title: "List trips",
      description:
        "Your trips and those shared with you, newest first; search with q and page with cursor (as the My Trips page).",
      inputSchema: z.object({
        q: z.string().optional().describe("Words in the name or destination"),
        cursor: z.string().optional().describe("nextCursor of the previous page"),
        limit: z.number().int().min(1).max(50).optional(),
      }),
      outputSchema: tripListResponseSchema,
      annotations: { readOnlyHint: true },
    },
    (args) =>
      run(false, async () => {
        const query = tripListQuerySchema.parse(
          Object.fromEntries(
            Object.entries(args).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
          ),
        );
        const { statement, params } = tripListQuery(query);
        const rows = await deps.database.query<TripListRow>(statement, [
          principal.user.id,
          ...params,
        ]);
        const page = tripListPage(rows, query);
        const lines = page.trips.map(
          (t) => `- ${t.name} (${t.destination}, ${t.startDate} to ${t.endDate}) id ${t.id}`,
        );
        return ok(
          page.trips.length === 0
            ? "No trips found."
            : `${page.trips.length} trips:\n${lines.join("\n")}`,
          page,
        );
      }),
  );

  server.registerTool(
    "get_trip",
    {
      title: "Get a trip",
      description:
        "A trip with its stops, days and activities, journeys (legs), stays, spending and balances, and realism warnings.",
      inputSchema: z.object(tripIdInput),
      outputSchema: tripDetailSchema,
      annotations: { readOnlyHint: true },
    },
    ({ tripId }) =>
      run(false, async () => {
        const detail = await tripDetail(call, tripId);
        return ok(`${describeTrip(detail.trip)}. ${detail.warnings.length} warnings.`, detail);
      }),
  );

  server.registerTool(
    "plan_trip",
    {
      title: "Plan a trip",
      description:
        "Plans and saves a new trip from a plan request (as POST /api/trips): destination or stops, startDate, endDate (YYYY-MM-DD), budget, travelStyle, interests. Counts against your planning limits.",
      inputSchema: z.record(z.string(), z.unknown()),
      outputSchema: z.object({ trip: tripSchema }),
    },
    (args) =>
      run(true, async () => {
        const request = tripRequestSchema.parse(args);
        await assertRoomForTrip(deps, principal.user.id);
        await call.limits.beforePlan(request.planRest !== false);
        const booked = await settleBookings(deps, principal.user.id, request, call.signal);
        const created = await createTrip(deps, principal.user, request, booked, {
          signal: call.signal,
        });
        if (!created) throw new Error("a planned trip was dropped");
        return ok(`Planned ${describeTrip(created.trip)}.`, { trip: created.trip });
      }),
  );

  const patchOf = (args: z.infer<typeof changesInput>) =>
    tripPatchSchema.parse({ ...args.changes, version: args.version });

  server.registerTool(
    "propose_changes",
    {
      title: "Preview changes to a trip",
      description:
        "Shows what changes would make of a trip (its history line, the trip after them, warnings) without saving anything.",
      inputSchema: changesInput,
      outputSchema: proposalSchema,
      annotations: { readOnlyHint: true },
    },
    (args) =>
      run(true, async () => {
        const preview = await previewTripChanges(deps, {
          userId: principal.user.id,
          tripId: args.tripId,
          patch: patchOf(args),
          strict: true,
        });
        if (!preview.ok) {
          const trip = toTripDto(preview.row, preview.access);
          return failure(
            `The trip changed since version ${args.version}; it is now version ${trip.version}. Read it again and propose the changes on it.`,
            { conflict: true, trip },
          );
        }
        const trip = toTripDto(preview.patched, preview.access);
        const warnings = checkItineraryRealism(trip.itinerary, { budget: trip.budget });
        return ok(`Would save: ${preview.summary}. ${warnings.length} warnings.`, {
          summary: preview.summary,
          trip,
          warnings,
        });
      }),
  );

  server.registerTool(
    "apply_changes",
    {
      title: "Change a trip",
      description:
        "Saves changes to a trip as its next version (in its history, live on every companion's screen). A stale version is refused with the current trip.",
      inputSchema: changesInput,
      outputSchema: z.object({ trip: tripSchema, summary: z.string().optional() }),
      annotations: { destructiveHint: false },
    },
    (args) =>
      run(true, async () => {
        const result = await applyTripChanges(deps, {
          userId: principal.user.id,
          tripId: args.tripId,
          patch: patchOf(args),
          geo: call.limits.geo,
          signal: call.signal,
          strict: true,
          via: principal.clientName,
        });
        const trip = toTripDto(result.row, result.access);
        if (!result.ok)
          return failure(
            `The trip changed since version ${args.version}; it is now version ${trip.version}. Nothing was saved. Read it again and apply the changes on it.`,
            { conflict: true, trip },
          );
        return ok(`Saved. ${describeTrip(trip)}.`, { trip });
      }),
  );

  server.registerTool(
    "search_places",
    {
      title: "Search real places",
      description:
        "Real places (OpenStreetMap) matching words near a trip's destination, to put in its plan.",
      inputSchema: z.object({ ...tripIdInput, q: z.string().min(1).max(100) }),
      outputSchema: placeSearchResponseSchema,
      annotations: { readOnlyHint: true },
    },
    ({ tripId, q }) =>
      run(false, async () => {
        await call.limits.beforePlaceSearch();
        const { row } = await findTripFor(deps.database.db, principal.user.id, tripId, "edit");
        const found = await searchPlacesNear(deps.places, row, q, call.signal);
        return ok(
          found.places.length === 0
            ? "No places found."
            : found.places
                .map((p) => `- ${p.name} (${p.kind})${p.address ? `, ${p.address}` : ""}`)
                .join("\n"),
          found,
        );
      }),
  );

  server.registerTool(
    "add_expense",
    {
      title: "Add an expense",
      description:
        "Records what the group spent (amount, currency, date, category, description, paidBy, split) on a trip.",
      inputSchema: z.object({ ...tripIdInput, expense: z.record(z.string(), z.unknown()) }),
      outputSchema: z.object({ expense: expenseSchema }),
    },
    ({ tripId, expense }) =>
      run(true, async () => {
        const values = expenseInputSchema.parse(expense);
        const saved = await addExpense(
          deps,
          { userId: principal.user.id, via: principal.clientName },
          tripId,
          values,
        );
        return ok(`Added ${values.description}: ${values.amount} ${values.currency}.`, {
          expense: saved,
        });
      }),
  );

  server.registerTool(
    "add_idea",
    {
      title: "Add an idea",
      description:
        'Adds an idea to a trip\'s ideas for the group to vote on ("Add the Musée Rodin to our ideas"): title, note, url (a website, Google Maps or OpenStreetMap link), place ({ name, lat, lng, osmId } from search_places).',
      inputSchema: z.object({ ...tripIdInput, idea: z.record(z.string(), z.unknown()) }),
      outputSchema: z.object({ idea: ideaSchema }),
    },
    ({ tripId, idea }) =>
      run(true, async () => {
        const { db } = deps.database;
        const { row: trip } = await findTripFor(db, principal.user.id, tripId, "edit");
        const values = ideaInputSchema.parse(idea);
        const saved = await addIdea(
          db,
          deps.live,
          trip,
          principal.user.id,
          values,
          principal.clientName,
        );
        return ok(`Added “${saved.idea.title}” to the trip's ideas.`, { idea: saved.idea });
      }),
  );

  server.registerTool(
    "get_balances",
    {
      title: "Who owes whom",
      description: "A trip's spending: totals and who owes whom.",
      inputSchema: z.object(tripIdInput),
      outputSchema: balancesResponseSchema,
      annotations: { readOnlyHint: true },
    },
    ({ tripId }) =>
      run(false, async () => {
        const { spending } = await tripDetail(call, tripId);
        return ok(JSON.stringify(spending), spending);
      }),
  );

  server.registerTool(
    "get_forecast",
    {
      title: "Weather on the trip",
      description: "The weather forecast for the trip's days inside the forecast window.",
      inputSchema: z.object(tripIdInput),
      outputSchema: tripForecastSchema,
      annotations: { readOnlyHint: true },
    },
    ({ tripId }) =>
      run(false, async () => {
        const { row } = await findTripFor(deps.database.db, principal.user.id, tripId, "view");
        const forecast = await tripForecast(deps, row, call.requestId);
        const known = forecast.days.filter((d) => d.forecast).length;
        return ok(
          forecast.unavailable
            ? "The weather forecast is unavailable right now."
            : `Forecast for ${forecast.location ?? "the trip"}: ${known} of ${forecast.days.length} days known.`,
          forecast,
        );
      }),
  );

  server.registerResource(
    "trip",
    new ResourceTemplate("boundless://trips/{id}", { list: undefined }),
    { title: "A trip", mimeType: "application/json" },
    async (uri, variables) => {
      const id = String(variables.id ?? "");
      const detail = await tripDetail(call, id);
      return {
        contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(detail) }],
      };
    },
  );

  return server;
}
