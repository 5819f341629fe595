import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { daysMessages } from "#server/planner/prompts.ts";
import { toResponseSchema } from "#server/services/llm/json-call.ts";
import { mayVisitAt, openAtIn } from "#shared/opening-hours.ts";
import { checkItineraryRealism } from "#shared/realism.ts";
import { activitySchema } from "#shared/schemas/itinerary.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { tripRequestSchema } from "#shared/schemas/trip-request.ts";
import { tripDates } from "#shared/trip-dates.ts";
import {
  answerItineraryPrompt,
  isRepairPrompt,
  promptCandidates,
  repairPromptDays,
  type PromptCandidate,
} from "#tests/fakes/itinerary-model.ts";
import {
  countTokens,
  splitIntoTokens,
  startOpenAIFake,
  type ChatRequest,
} from "#tests/fakes/openai-fake.ts";
import { startOpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { startOverpassFake } from "#tests/fakes/overpass-fake.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { createTripBody, readTripStream } from "./lib/generation-client.ts";
import { signUp } from "./lib/session.ts";
import { describe, describeWorst, worst } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

const TOKENS_PER_SECOND = 60;
const FIRST_TOKEN_MS = 500;
const DAYS = 7;

type Call = {
  start: number;
  end: number;
  promptTokens: number;
  completionTokens: number;
  repair: boolean;
};

const BASELINE_MODEL = "fake-model-single-call";
const PLACES_BLOCK = /<places>.*?<\/places>/s;

const PARIS = { countryCode: "FR", lat: 48.8588897, lng: 2.3200410217200766 };
const userPrompt = (chat: ChatRequest) =>
  chat.messages.find((m) => m.role === "user")?.content ?? "";

/** The first listed place closed at 10:00 on `date` (the fake visits it then), if any. */
function closedCandidate(chat: ChatRequest, date: string) {
  return promptCandidates(chat).find(
    (c) =>
      c.openingHours !== null &&
      !mayVisitAt(c.openingHours, { ...PARIS, localDate: date, localTime: "10:00" }),
  );
}

/**
 * The days answer with `date`'s first visit made to `closed` at 10:00, when this call writes that
 * date (its first date and "Exactly N entries", as the fake reads them); other answers unchanged.
 */
function withClosedVisit(
  content: string,
  chat: ChatRequest,
  date: string,
  closed: PromptCandidate | undefined,
): string {
  if (!closed || isRepairPrompt(chat)) return content;
  const prompt = userPrompt(chat);
  const first = /\d{4}-\d{2}-\d{2}/.exec(prompt)?.[0];
  const count = Number(/exactly (\d+) JSON entries/i.exec(prompt)?.[1] ?? 0);
  if (!first || count === 0) return content;
  const index = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000;
  const answer = JSON.parse(content) as { days: { activities: Record<string, unknown>[] }[] };
  const visit = answer.days[index]?.activities[0];
  if (!visit) return content;
  Object.assign(visit, {
    time: "10:00",
    activity: `Visit ${closed.name}`,
    location: closed.name,
    osmId: closed.osmId,
  });
  return JSON.stringify(answer);
}

/** The first Tuesday of the trip: the Louvre, one of the fake's Paris places, is closed then. */
function tuesdayOf(dates: string[]) {
  return dates.find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 2) ?? dates[1]!;
}

/** Total length of the union of [start, end] intervals: the time at least one model call was running. */
function busyTime(calls: Call[]) {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  let total = 0;
  let open: { from: number; to: number } | undefined;
  for (const c of sorted) {
    if (!open || c.start > open.to) {
      if (open) total += open.to - open.from;
      open = { from: c.start, to: c.end };
    } else open.to = Math.max(open.to, c.end);
  }
  return total + (open ? open.to - open.from : 0);
}

/**
 * A 7-day trip through POST /api/trips (SSE) against a fake model streaming at a fixed pace, versus
 * the same fake asked for the whole itinerary in one call (the original app's approach), same run.
 * The fake plans like a model that follows the prompt: real places of the Overpass fake's Paris
 * (the candidates the server offers), at times they are open, except ONE visit, on the trip's
 * Tuesday at 10:00, to a place closed then. So the realism check fires, the server makes its one
 * repair call, and the whole plan measured is the one a traveller waits for, repair included.
 */
export async function benchGeneration(port: number, summary: Summary, runs: number) {
  const calls: Call[] = [];
  const promptsSeen: string[] = [];
  const tripPlaces = new Set<string>();
  const repairProblems: { date: string; problems: string[] }[] = [];
  const body = createTripBody("Paris", DAYS);
  const request = tripRequestSchema.parse(body);
  const dates = tripDates(request.startDate, request.endDate);
  const closedOn = tuesdayOf(dates);
  const fake = await startOpenAIFake({
    tokensPerSecond: TOKENS_PER_SECOND,
    firstTokenMs: FIRST_TOKEN_MS,
    respond: (chat: ChatRequest) => {
      const text = chat.messages.map((m) => m.content ?? "").join("\n");
      if (PLACES_BLOCK.test(text) && chat.model !== BASELINE_MODEL) promptsSeen.push(text);
      // One trip's calls share their places (see answerItineraryPrompt); the baseline has its own.
      // The place visited closed is kept out of every other visit of the trip.
      const baseline = chat.model === BASELINE_MODEL;
      const used = baseline ? new Set<string>() : tripPlaces;
      const closed = closedCandidate(chat, closedOn);
      if (closed) used.add(closed.osmId);
      const content = withClosedVisit(
        answerItineraryPrompt(chat, [], { used }),
        chat,
        closedOn,
        closed,
      );
      if (isRepairPrompt(chat)) repairProblems.push(...repairPromptDays(chat));
      const completionTokens = splitIntoTokens(content).length;
      const start = performance.now();
      calls.push({
        start,
        // The fake answers after the first-token delay plus one interval per token (non-streamed).
        end: start + FIRST_TOKEN_MS + (completionTokens * 1000) / TOKENS_PER_SECOND,
        promptTokens: chat.messages.reduce((s, m) => s + countTokens(m.content ?? "") + 4, 0),
        completionTokens,
        repair: chat.model !== BASELINE_MODEL && isRepairPrompt(chat),
      });
      return content;
    },
  });
  // The destination is looked up on loopback too (never the public geocoder): Paris, which the fake
  // knows, so the model's coordinates are checked against it as in production; its places (and
  // their opening hours) come from the Overpass fake.
  const geocoder = await startOpenMeteoFake();
  const overpass = await startOverpassFake();
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-bench-gen-"));
  const origin = `http://127.0.0.1:${port}`;
  let server: RunningServer | undefined;
  try {
    server = await startServer(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_ORIGIN: origin,
        AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
        AI_BASE_URL: fake.url,
        AI_API_KEY: "sk-bench",
        AI_MODEL: "fake-model",
        GENERATION_RATE_LIMIT: "1000",
        GENERATION_IP_RATE_LIMIT: "1000",
        OVERPASS_URL: overpass.url,
        // No public router is asked from here (issue 46).
        ROUTING_URL: "off",
        TRANSIT_URL: "off",
        // No outside requests in a benchmark: costs in USD, no exchange rates.
        FX_URL: "off",
        OPEN_METEO_GEOCODING_URL: geocoder.url,
        LOG_LEVEL: "warn",
      },
      { via: "npm-start" },
    );
    const user = await signUp(server.url, origin, `gen-${Date.now()}@bench.local`);

    // The single-call baseline: the same prompt builder and answer shape, all 7 days in one call,
    // offered the same real places as the server's own calls (copied from their prompts), so the
    // same fake writes the same kind of days; no realism check and no repair (the original app's).
    const baselineSchema = z.object({
      days: z.array(z.object({ activities: z.array(activitySchema).min(1).max(8) })).length(DAYS),
    });
    let placesBlock = "";
    const baselineBody = () => ({
      model: BASELINE_MODEL,
      messages: daysMessages(request, dates, null, { from: 0, count: DAYS }).map((m, i, all) =>
        i === all.length - 1 && typeof m.content === "string"
          ? { ...m, content: `${m.content}\n${placesBlock}` }
          : m,
      ),
      response_format: {
        type: "json_schema",
        json_schema: { name: "trip_days", schema: toResponseSchema(baselineSchema), strict: true },
      },
    });

    const series = {
      baseline: [] as number[],
      firstDay: [] as number[],
      whole: [] as number[],
      tokens: [] as number[],
      baselineTokens: [] as number[],
      overhead: [] as number[],
      calls: [] as number[],
      repairCalls: [] as number[],
      repairMs: [] as number[],
      warningsLeft: [] as number[],
    };
    for (let run = 0; run < runs; run++) {
      calls.length = 0;
      tripPlaces.clear();
      repairProblems.length = 0;
      let started = performance.now();
      const response = await fetch(`${server.url}/api/trips`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          cookie: user.cookie,
          origin,
        },
        body: JSON.stringify(body),
      });
      const result = await readTripStream(response, started);
      if (!result.tripId || result.firstDayMs === undefined || result.doneMs === undefined)
        throw new Error(`generation did not finish: ${JSON.stringify(result.events.slice(-2))}`);
      const planCalls = calls.map((c) => ({
        ...c,
        start: c.start - started,
        end: c.end - started,
      }));
      series.firstDay.push(result.firstDayMs);
      series.whole.push(result.doneMs);
      series.tokens.push(planCalls.reduce((s, c) => s + c.promptTokens + c.completionTokens, 0));
      series.calls.push(planCalls.length);
      const repairs = planCalls.filter((c) => c.repair);
      series.repairCalls.push(repairs.length);
      series.repairMs.push(repairs.reduce((s, c) => s + (c.end - c.start), 0));
      series.warningsLeft.push(await warningsOf(server.url, result.tripId, user.cookie));
      // Everything the client waited for that was not a model call running.
      series.overhead.push(result.doneMs - busyTime(planCalls));
      placesBlock = planCalls.length
        ? (PLACES_BLOCK.exec(promptsSeen.at(-1) ?? "")?.[0] ?? placesBlock)
        : placesBlock;
      if (!placesBlock) throw new Error("the server offered the model no real places");

      calls.length = 0;
      started = performance.now();
      const single = await fetch(`${fake.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
        body: JSON.stringify(baselineBody()),
      });
      const answer = (await single.json()) as {
        usage: { total_tokens: number; prompt_tokens: number; completion_tokens: number };
      };
      // Nothing is visible until the single answer is complete and parsed.
      series.baseline.push(performance.now() - started);
      series.baselineTokens.push(answer.usage.total_tokens);
      console.log(
        `    run ${run + 1}/${runs}: single call ${series.baseline.at(-1)!.toFixed(0)} ms; ` +
          `SSE first day ${result.firstDayMs.toFixed(0)} ms, whole ${result.doneMs.toFixed(0)} ms ` +
          `(repair calls ${repairs.length}, ${series.repairMs.at(-1)!.toFixed(0)} ms of model time, ` +
          `for ${repairProblems.map((d) => `${d.date}: ${d.problems.join("; ")}`).join(" | ") || "nothing"}; ` +
          `warnings left ${series.warningsLeft.at(-1)}), ` +
          `${planCalls.length} model calls, tokens ${series.tokens.at(-1)} ` +
          `(prompt ${planCalls.reduce((s, c) => s + c.promptTokens, 0)}, completion ${planCalls.reduce((s, c) => s + c.completionTokens, 0)}) ` +
          `vs ${series.baselineTokens.at(-1)} (prompt ${answer.usage.prompt_tokens}, completion ${answer.usage.completion_tokens})`,
      );
    }
    const ratio = (a: number[], b: number[]) => a.map((v, i) => (v / b[i]!) * 100);
    const firstRatio = ratio(series.firstDay, series.baseline);
    const wholeRatio = ratio(series.whole, series.baseline);
    const tokenRatio = series.tokens.map((v, i) => v / series.baselineTokens[i]!);
    console.log(
      `    fake model: ${TOKENS_PER_SECOND} tokens/s after ${FIRST_TOKEN_MS} ms, real places of the ` +
        `Overpass fake, one visit closed at its time (${closedOn} 10:00); single call ` +
        `${describe(series.baseline, 0)} ms; model calls per trip ${describe(series.calls, 0)}`,
    );
    summary.add({
      part: "generation",
      name: "realism repair call made (one closed visit)",
      measured: `${describe(series.repairCalls, 0)} repair call(s) per trip, ${describe(series.repairMs, 0)} ms of model time; warnings left ${describe(series.warningsLeft, 0)}`,
      target: "1 per trip, 0 warnings left",
      pass: series.repairCalls.every((n) => n === 1) && series.warningsLeft.every((n) => n === 0),
    });
    summary.add({
      part: "generation",
      name: "time to first day vs single call",
      measured: `${describeWorst(firstRatio, "lower", 1)} % (${describe(series.firstDay, 0)} ms vs ${describe(series.baseline, 0)} ms)`,
      target: "<= 25 %",
      pass: worst(firstRatio, "lower") <= 25,
    });
    summary.add({
      part: "generation",
      name: "time to whole itinerary (repair call included) vs single call",
      measured: `${describeWorst(wholeRatio, "lower", 1)} % (${describe(series.whole, 0)} ms)`,
      target: "<= 40 %",
      pass: worst(wholeRatio, "lower") <= 40,
    });
    summary.add({
      part: "generation",
      name: "total tokens vs single call",
      measured: `${describeWorst(tokenRatio, "lower", 2)}x (${describe(series.tokens, 0)} vs ${describe(series.baselineTokens, 0)})`,
      target: "<= 1.3x",
      pass: worst(tokenRatio, "lower") <= 1.3,
    });
    summary.add({
      part: "generation",
      name: "server overhead per generation",
      measured: `${describeWorst(series.overhead, "lower", 0)} ms`,
      target: "< 50 ms",
      pass: worst(series.overhead, "lower") < 50,
    });
  } finally {
    await server?.stop();
    await fake.close();
    await geocoder.close();
    await overpass.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The realism warnings the saved trip still carries: the same checks the server ran (and the trip
 * page shows), on the trip as saved.
 */
async function warningsOf(baseUrl: string, tripId: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/trips/${tripId}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/trips/${tripId}: ${response.status}`);
  const { trip } = (await response.json()) as { trip: Trip };
  return checkItineraryRealism(trip.itinerary, {
    budget: trip.budget,
    ...(trip.place ? { openAt: openAtIn(trip.place) } : {}),
  }).length;
}
