import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createItineraryGenerator } from "#server/deps.ts";
import { createLogger } from "#server/lib/logger.ts";
import { NO_GEO } from "#server/services/geo/geo-service.ts";
import { INTERESTS, TRAVEL_STYLES } from "#shared/constants.ts";
import { openAtIn } from "#shared/opening-hours.ts";
import { checkItineraryRealism } from "#shared/realism.ts";
import { UNPLACED } from "#shared/place-fields.ts";
import type { Activity, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import { countTokens } from "#tests/fakes/openai-fake.ts";
import { startFakeProvider } from "./fake-provider.ts";
import { CHECK_LIMITS, checkRun } from "./check.ts";
import { countRepeats, failedRow, measureTrip, type EvalRow } from "./metrics.ts";
import { buildReport, formatSummary, formatTable } from "./report.ts";
import { evalRequests, type EvalRequest } from "./requests.ts";
import { planWith, runEval, type Plan } from "./run-eval.ts";
import { createEvalServices, type EvalSetup } from "./services.ts";

const TODAY = new Date("2030-03-10T15:00:00Z");
const logger = createLogger("silent");
const byId = (part: string): EvalRequest => {
  const found = evalRequests(TODAY).find((r) => r.id.includes(part));
  if (!found) throw new Error(`no request ${part}`);
  return found;
};

/** Every field of a row: the JSON must carry each one, null when unknown. */
const ROW_FIELDS: (keyof EvalRow)[] = [
  "id",
  "destination",
  "continent",
  "startDate",
  "interests",
  "days",
  "travelStyle",
  "budget",
  "error",
  "schemaValid",
  "daysMatch",
  "placeResolved",
  "activities",
  "repeats",
  "locatedShare",
  "verifiedShare",
  "routedLegShare",
  "travelMinutesPerDay",
  "closedVisits",
  "warnings",
  "warningKinds",
  "totalCost",
  "budgetUse",
  "unknownCosts",
  "firstDayMs",
  "wholeMs",
  "modelCalls",
  "promptTokens",
  "completionTokens",
  "wholeTrip",
];

describe("the request set", () => {
  const set = evalRequests(TODAY);

  it("covers six continents, 1 to 14 days, every style, a tiny and a huge budget", () => {
    expect(set.length).toBeGreaterThanOrEqual(12);
    expect(new Set(set.map((r) => r.continent)).size).toBe(6);
    const days = set.map(
      (r) => (Date.parse(r.request.endDate) - Date.parse(r.request.startDate)) / 86_400_000 + 1,
    );
    expect(Math.min(...days)).toBe(1);
    expect(Math.max(...days)).toBe(14);
    expect(new Set(set.map((r) => r.request.travelStyle))).toEqual(new Set(TRAVEL_STYLES));
    const budgets = set.map((r) => r.request.budget);
    expect(Math.min(...budgets)).toBeLessThanOrEqual(20);
    expect(Math.max(...budgets)).toBeGreaterThanOrEqual(1_000_000);
    expect(set.some((r) => r.request.interests.length === 0)).toBe(true);
    expect(set.some((r) => r.request.interests.length === INTERESTS.length)).toBe(true);
    expect(new Set(set.map((r) => r.id)).size).toBe(set.length);
  });

  it("dates every request after the day it runs", () => {
    for (const r of set) expect(r.request.startDate > "2030-03-10").toBe(true);
    // The same set tomorrow moves with the calendar, so it never goes stale.
    const later = evalRequests(new Date("2031-01-01T00:00:00Z"));
    expect(later[0]!.request.startDate > "2031-01-01").toBe(true);
  });
});

describe("measureTrip", () => {
  const entry = byId("paris");
  const paris: TripPlace = {
    name: "Paris",
    country: "France",
    lat: 48.8566,
    lng: 2.3522,
    timezone: "Europe/Paris",
  };
  const activity = (o: Partial<Activity>): Activity => ({
    id: crypto.randomUUID(),
    time: "10:00",
    activity: "Visit",
    location: "Louvre",
    description: "",
    cost: 10,
    durationMinutes: 5,
    ...UNPLACED,
    ...o,
  });
  const [d1, d2, d3] = ["2030-04-09", "2030-04-10", "2030-04-11"];

  it("counts the share of legs routed and the days' travel minutes (issue 46)", () => {
    const walk = {
      mode: "walk" as const,
      minutes: 12,
      meters: 900,
      source: "router" as const,
      summary: null,
      departAt: null,
    };
    const itinerary: Itinerary = {
      days: [
        {
          date: d1,
          activities: [
            activity({ time: "09:00", location: "Louvre" }),
            activity({ time: "10:00", location: "Orsay", travel: walk }),
            activity({ time: "12:00", location: "Rodin", travel: { ...walk, source: "estimate" } }),
          ],
        },
        { date: d2, activities: [activity({ time: "10:00", location: "Orsay" })] },
      ],
    };
    const row = measureTrip(
      entry,
      { itinerary, place: paris, usage: { calls: 0, promptTokens: 0, completionTokens: 0 } },
      { firstDayMs: 1, wholeMs: 2 },
    );
    expect(row.routedLegShare).toBe(0.5);
    expect(row.travelMinutesPerDay).toBe(12);
    const none = measureTrip(
      entry,
      {
        itinerary: { days: [itinerary.days[1]!] },
        place: paris,
        usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
      },
      { firstDayMs: 1, wholeMs: 2 },
    );
    expect(none.routedLegShare).toBeNull();
    expect(none.travelMinutesPerDay).toBeNull();
  });

  it("counts repeats, located share, costs, dates and warnings from the itinerary itself", () => {
    const itinerary: Itinerary = {
      days: [
        {
          date: d1,
          activities: [
            activity({ time: "09:00", location: "Louvre", lat: 48.86, lng: 2.34, cost: 30 }),
            activity({ time: "09:10", location: "Versailles", lat: 48.8, lng: 2.12, cost: null }),
          ],
        },
        { date: d2, activities: [activity({ time: "05:00", location: "louvre", cost: 470 })] },
        { date: d3, activities: [activity({ time: "12:00", location: "Orsay", cost: 0 })] },
      ],
    };
    const row = measureTrip(
      entry,
      {
        itinerary,
        place: paris,
        usage: { calls: 2, promptTokens: 100, completionTokens: 50 },
      },
      { firstDayMs: 12, wholeMs: 34 },
    );
    expect(row).toMatchObject({
      id: entry.id,
      days: 3,
      error: null,
      schemaValid: true,
      daysMatch: true,
      placeResolved: true,
      activities: 4,
      repeats: 1,
      locatedShare: 0.5,
      verifiedShare: 0,
      closedVisits: 0,
      totalCost: 500,
      budgetUse: 500 / 1500,
      unknownCosts: 1,
      firstDayMs: 12,
      wholeMs: 34,
      modelCalls: 2,
      promptTokens: 100,
      completionTokens: 50,
    });
    // ~16 km in 10 minutes, a 05:00 start, and the Louvre again; $470 is under the $500 day share.
    expect(row.warningKinds).toEqual({ travel: 1, early: 1, repeat: 1 });
    expect(row.warnings).toBe(3);
  });

  it("notices wrong dates and a plan the schema rejects", () => {
    const bad: Itinerary = {
      days: [
        { date: d1, activities: [activity({ time: "25:00" })] },
        { date: d3, activities: [] },
      ],
    };
    const row = measureTrip(
      entry,
      {
        itinerary: bad,
        place: null,
        usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
      },
      { firstDayMs: null, wholeMs: 1 },
    );
    expect(row.schemaValid).toBe(false);
    expect(row.daysMatch).toBe(false);
    expect(row.locatedShare).toBe(0);
    expect(row.verifiedShare).toBe(0);
    // Without the destination there is no calendar to read opening hours in.
    expect(row.closedVisits).toBeNull();
  });

  it("counts verified activities and visits at closed places in the destination's calendar", () => {
    const louvre = {
      osmId: "way/1001",
      openingHours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
    } as const;
    const orsay = { osmId: "node/1002", openingHours: "Tu-Su 09:30-18:00; Th 09:30-21:45; Mo off" };
    const itinerary: Itinerary = {
      days: [
        // d1 is a Tuesday: the Louvre is closed all day; a place without hours is never "closed".
        {
          date: d1,
          activities: [
            activity({ time: "10:00", location: "Musée du Louvre", ...louvre }),
            activity({ time: "13:00", location: "Le Procope", osmId: "node/1010" }),
          ],
        },
        // Wednesday: the Louvre is open at 10:00, the Orsay not yet at 08:00.
        {
          date: d2,
          activities: [
            activity({ time: "08:00", location: "Musée d'Orsay", ...orsay }),
            activity({ time: "11:00", location: "Louvre, again", ...louvre }),
          ],
        },
        // Not found on OpenStreetMap: hours (from a model) are not checked without a match.
        {
          date: d3,
          activities: [
            activity({ location: "Invented bistro", openingHours: "Mo-Su 18:00-23:00" }),
          ],
        },
      ],
    };
    const usage = { calls: 0, promptTokens: 0, completionTokens: 0 };
    const timing = { firstDayMs: null, wholeMs: 1 };
    const row = measureTrip(entry, { itinerary, place: paris, usage }, timing);
    expect(row.activities).toBe(5);
    expect(row.verifiedShare).toBe(4 / 5);
    expect(row.closedVisits).toBe(2);
    expect(row.warningKinds.closed).toBe(2);
    // The same activities without a resolved destination: verified still, hours unchecked.
    const unplaced = measureTrip(entry, { itinerary, place: null, usage }, timing);
    expect(unplaced.verifiedShare).toBe(4 / 5);
    expect(unplaced.closedVisits).toBeNull();
    expect(unplaced.warningKinds.closed).toBeUndefined();
  });
});

describe("checkRun (--check)", () => {
  // A good row: 50 activities, every one located, resolved, nothing closed or repeated.
  const good = (id: string, o: Partial<EvalRow> = {}): EvalRow => ({
    ...failedRow(byId("paris"), "", { firstDayMs: 1, wholeMs: 2 }),
    id,
    error: null,
    schemaValid: true,
    daysMatch: true,
    placeResolved: true,
    activities: 50,
    locatedShare: 1,
    closedVisits: 0,
    ...o,
  });

  it("states its limits", () => {
    expect(CHECK_LIMITS).toEqual({
      maxRepeatShare: 0.02,
      maxClosedVisits: 0,
      maxUnresolved: 0,
      maxUnlocatedShare: 0.1,
    });
  });

  it("passes a run at the limits and names each limit a run goes over", () => {
    // 100 activities: 2 repeats and 10 unlocated are exactly at the limits.
    const atLimits = [good("a", { repeats: 2 }), good("b", { locatedShare: 0.8 })];
    expect(checkRun(atLimits)).toEqual([]);
    expect(checkRun([good("a", { repeats: 3 }), good("b")])).toEqual([
      "3 of 100 activities repeat a place (3%; at most 2%)",
    ]);
    expect(checkRun([good("a", { closedVisits: 1 }), good("b")])).toEqual([
      "1 visit(s) at a closed place (at most 0): a",
    ]);
    expect(checkRun([good("a"), good("b", { placeResolved: false, closedVisits: null })])).toEqual([
      "1 destination(s) not resolved (at most 0): b",
    ]);
    expect(checkRun([good("a", { locatedShare: 0.78 }), good("b")])).toEqual([
      "11 of 100 activities have no coordinates (11%; at most 10%)",
    ]);
    expect(checkRun([good("a", { daysMatch: false }), good("b")])).toEqual([
      "1 request(s) failed or gave an invalid plan: a",
    ]);
  });
});

describe("runEval", () => {
  it("keeps going after a failing request and records its error", async () => {
    const entries = [byId("paris"), byId("tokyo")];
    let calls = 0;
    const plan: Plan = async (request, options) => {
      calls += 1;
      if (request.destination.startsWith("Paris")) throw new Error("model unavailable");
      return planWith({ ai: createItineraryGenerator(null), geo: NO_GEO })(request, options);
    };
    const rows = await runEval(plan, entries, { timeoutMs: 10_000 });
    expect(calls).toBe(2);
    expect(rows[0]).toMatchObject({
      id: entries[0]!.id,
      error: "Error: model unavailable",
      schemaValid: false,
    });
    expect(rows[1]).toMatchObject({ id: entries[1]!.id, error: null, schemaValid: true });
  });
});

describe("the offline planner through planTrip", () => {
  it("is measured as valid, with the right dates and no located activities", async () => {
    const entry = byId("reykjavik");
    const [row] = await runEval(
      planWith({ ai: createItineraryGenerator(null), geo: NO_GEO, logger }),
      [entry],
      {
        timeoutMs: 10_000,
      },
    );
    expect(row).toMatchObject({
      error: null,
      schemaValid: true,
      daysMatch: true,
      placeResolved: false,
      locatedShare: 0,
      verifiedShare: 0,
      closedVisits: null,
      modelCalls: 0,
      promptTokens: 0,
      completionTokens: 0,
    });
    expect(row!.activities).toBeGreaterThan(0);
    expect(row!.firstDayMs).not.toBeNull();
    expect(row!.firstDayMs!).toBeLessThanOrEqual(row!.wholeMs);
    // The offline planner keeps within its share of a tiny budget.
    expect(row!.budgetUse!).toBeLessThanOrEqual(1);
  });
});

describe("the loopback fake, wired from settings like the server", () => {
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;
  let setup: EvalSetup;
  let rows: EvalRow[];
  const entries = [byId("paris"), byId("marrakesh")];

  beforeAll(async () => {
    fake = await startFakeProvider({ tokensPerSecond: Infinity });
    setup = await createEvalServices(fake.env, { logger, geo: true, fake: true });
    rows = await runEval(planWith(setup.services), entries, { timeoutMs: 20_000 });
  });
  afterAll(async () => {
    await setup?.close();
    await fake?.close();
  });

  it("names the provider without its key", () => {
    expect(setup.provider).toEqual({
      mode: "online",
      model: "fake-model",
      baseUrl: `${fake.model.url}`,
      fake: true,
      destinationGeocoder: fake.geocoding.url,
      activityGeocoder: null,
      places: new URL(fake.overpass.url).origin,
    });
    expect(JSON.stringify(setup.provider)).not.toContain("sk-eval-fake");
  });

  it("measures the model's real answers: tokens, calls, dates, place", () => {
    expect(rows.map((r) => r.error)).toEqual([null, null]);
    // Every model request of the run, counted as the fake counts them in its usage.
    const prompt = fake.model.requests.reduce(
      (sum, r) => sum + r.body.messages.reduce((s, m) => s + countTokens(m.content ?? "") + 4, 0),
      0,
    );
    expect(rows.reduce((s, r) => s + r.modelCalls, 0)).toBe(fake.model.requests.length);
    expect(rows.reduce((s, r) => s + r.promptTokens, 0)).toBe(prompt);
    for (const row of rows) {
      expect(row.schemaValid).toBe(true);
      expect(row.daysMatch).toBe(true);
      expect(row.completionTokens).toBeGreaterThan(0);
      expect(row.firstDayMs).not.toBeNull();
      expect(row.firstDayMs!).toBeLessThanOrEqual(row.wholeMs);
      expect(row.activities).toBeGreaterThanOrEqual(row.days * 3);
    }
    // The eval's fakes know every destination of the set (Marrakesh too): all hours can be checked,
    // and every activity the model placed near the city keeps its pin.
    expect(rows.map((r) => r.placeResolved)).toEqual([true, true]);
    for (const row of rows) {
      expect(row.closedVisits).toBe(row.warningKinds.closed ?? 0);
      expect(row.repeats).toBe(0);
      expect(row.locatedShare).toBe(1);
    }
    expect(checkRun(rows)).toEqual([]);
    for (const row of rows) {
      expect(row.verifiedShare).not.toBeNull();
      expect(row.verifiedShare!).toBeGreaterThanOrEqual(0);
      expect(row.verifiedShare!).toBeLessThanOrEqual(1);
    }
  });

  it("recomputes repeats and warnings consistently with the shared checks", async () => {
    // The same plan again, kept this time, to compare the row with the itinerary behind it.
    const entry = entries[0]!;
    const result = await planWith(setup.services)(entry.request, {
      signal: AbortSignal.timeout(20_000),
    });
    const row = measureTrip(
      entry,
      { itinerary: result.itinerary, place: result.place, usage: result.usage },
      { firstDayMs: null, wholeMs: 0 },
    );
    expect(result.place).not.toBeNull();
    const openAt = openAtIn(result.place!);
    expect(row.warnings).toBe(
      checkItineraryRealism(result.itinerary, { budget: entry.request.budget, openAt }).length,
    );
    expect(row.warnings).toBe(result.warnings.length);
    expect(row.repeats).toBe(countRepeats(result.itinerary));
  });

  it("writes a report with every field of every row, and a table line per request", () => {
    // As a run whose geocoder missed Marrakesh would record it: its hours could not be checked.
    const shown = [rows[0]!, { ...rows[1]!, placeResolved: false, closedVisits: null }];
    const report = buildReport({
      startedAt: TODAY,
      finishedAt: TODAY,
      provider: setup.provider,
      rows: shown,
    });
    const parsed = JSON.parse(JSON.stringify(report)) as typeof report;
    expect(parsed.provider.model).toBe("fake-model");
    expect(parsed.summary).toMatchObject({
      requests: 2,
      failed: 0,
      schemaValid: 2,
      daysMatch: 2,
      closedVisits: rows[0]!.closedVisits,
      // Marrakesh is not resolved: its hours could not be checked.
      closedUnchecked: 1,
    });
    expect(typeof parsed.summary.medianVerifiedShare).toBe("number");
    for (const row of parsed.rows) expect(Object.keys(row).sort()).toEqual([...ROW_FIELDS].sort());
    const table = formatTable(shown).split("\n");
    expect(table).toHaveLength(2 + shown.length);
    expect(table[0]).toMatch(/located +verified +closed +warnings/);
    expect(table[2]).toContain(entries[0]!.id);
    // Marrakesh's closed visits are unknown, not zero.
    expect(table[3]).toMatch(/% +\d+(\.\d)?% +- +\d+ /);
    const summary = formatSummary(parsed);
    expect(summary).toContain(`visits at closed places ${parsed.summary.closedVisits}`);
    expect(summary).toContain("1 request(s) unchecked");
    expect(summary).toContain(`real places ${new URL(fake.overpass.url).origin}`);
  });
});

describe("keyless plans from the Overpass fake (--fake --keyless)", () => {
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;
  let setup: EvalSetup;
  beforeAll(async () => {
    fake = await startFakeProvider({ model: false });
    setup = await createEvalServices(fake.env, { logger, geo: true, fake: true });
  });
  afterAll(async () => {
    await setup?.close();
    await fake?.close();
  });

  it("measures the verified share the trip's grounding reports, and no visit at a closed place", async () => {
    expect(setup.provider.mode).toBe("offline");
    expect(setup.provider.places).toBe(new URL(fake.overpass.url).origin);
    const entry = byId("paris");
    const result = await planWith(setup.services)(entry.request, {
      signal: AbortSignal.timeout(20_000),
    });
    expect(["verified", "partial"]).toContain(result.grounding.status);
    const row = measureTrip(
      entry,
      { itinerary: result.itinerary, place: result.place, usage: result.usage },
      { firstDayMs: null, wholeMs: 0 },
    );
    expect(fake.overpass.requests.length).toBeGreaterThan(0);
    expect(row.activities).toBe(result.grounding.total);
    expect(row.verifiedShare).toBe(result.grounding.verified / result.grounding.total);
    expect(row.verifiedShare!).toBeGreaterThan(0.5);
    // The planner schedules each place only when its hours say open.
    expect(row.closedVisits).toBe(0);
    // Through runEval, as `npm run eval -- --fake --keyless` runs it: the same figures.
    const [again] = await runEval(planWith(setup.services), [entry], { timeoutMs: 20_000 });
    expect(again).toMatchObject({ error: null, verifiedShare: row.verifiedShare, closedVisits: 0 });
  });
});
