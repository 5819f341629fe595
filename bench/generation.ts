import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { daysMessages } from "#server/planner/prompts.ts";
import { toResponseSchema } from "#server/services/llm/json-call.ts";
import { activitySchema } from "#shared/schemas/itinerary.ts";
import { tripRequestSchema } from "#shared/schemas/trip-request.ts";
import { tripDates } from "#shared/trip-dates.ts";
import {
  countTokens,
  splitIntoTokens,
  startOpenAIFake,
  type ChatRequest,
} from "#tests/fakes/openai-fake.ts";
import { startOpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { createTripBody, fakeModelReply, readTripStream } from "./lib/generation-client.ts";
import { signUp } from "./lib/session.ts";
import { describe, describeWorst, worst } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

const TOKENS_PER_SECOND = 60;
const FIRST_TOKEN_MS = 500;
const DAYS = 7;

type Call = { start: number; end: number; promptTokens: number; completionTokens: number };

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
 */
export async function benchGeneration(port: number, summary: Summary, runs: number) {
  const calls: Call[] = [];
  const fake = await startOpenAIFake({
    tokensPerSecond: TOKENS_PER_SECOND,
    firstTokenMs: FIRST_TOKEN_MS,
    respond: (request: ChatRequest) => {
      const content = fakeModelReply(request);
      const completionTokens = splitIntoTokens(content).length;
      const start = performance.now();
      calls.push({
        start,
        // The fake answers after the first-token delay plus one interval per token (non-streamed).
        end: start + FIRST_TOKEN_MS + (completionTokens * 1000) / TOKENS_PER_SECOND,
        promptTokens: request.messages.reduce((s, m) => s + countTokens(m.content ?? "") + 4, 0),
        completionTokens,
      });
      return content;
    },
  });
  // The destination is looked up on loopback too (never the public geocoder): Paris, which the fake
  // knows, so the model's coordinates are checked against it as in production.
  const geocoder = await startOpenMeteoFake();
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
        // Real places are the "places" part's; this one measures the model path alone, on loopback.
        OVERPASS_URL: "off",
        OPEN_METEO_GEOCODING_URL: geocoder.url,
        LOG_LEVEL: "warn",
      },
      { via: "npm-start" },
    );
    const user = await signUp(server.url, origin, `gen-${Date.now()}@bench.local`);
    const body = createTripBody("Paris", DAYS);
    const request = tripRequestSchema.parse(body);
    const dates = tripDates(request.startDate, request.endDate);

    // The single-call baseline: the same prompt builder and answer shape, all 7 days in one call.
    const baselineSchema = z.object({
      days: z.array(z.object({ activities: z.array(activitySchema).min(1).max(8) })).length(DAYS),
    });
    const baselineBody = {
      model: "fake-model",
      messages: daysMessages(request, dates, null, { from: 0, count: DAYS }),
      response_format: {
        type: "json_schema",
        json_schema: { name: "trip_days", schema: toResponseSchema(baselineSchema), strict: true },
      },
    };

    const series = {
      baseline: [] as number[],
      firstDay: [] as number[],
      whole: [] as number[],
      tokens: [] as number[],
      baselineTokens: [] as number[],
      overhead: [] as number[],
      calls: [] as number[],
    };
    for (let run = 0; run < runs; run++) {
      calls.length = 0;
      let started = performance.now();
      const single = await fetch(`${fake.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
        body: JSON.stringify(baselineBody),
      });
      const answer = (await single.json()) as {
        usage: { total_tokens: number; prompt_tokens: number; completion_tokens: number };
      };
      // Nothing is visible until the single answer is complete and parsed.
      series.baseline.push(performance.now() - started);
      series.baselineTokens.push(answer.usage.total_tokens);

      calls.length = 0;
      started = performance.now();
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
      series.firstDay.push(result.firstDayMs);
      series.whole.push(result.doneMs);
      series.tokens.push(calls.reduce((s, c) => s + c.promptTokens + c.completionTokens, 0));
      series.calls.push(calls.length);
      // Everything the client waited for that was not a model call running.
      const modelBusy = busyTime(
        calls.map((c) => ({ ...c, start: c.start - started, end: c.end - started })),
      );
      series.overhead.push(result.doneMs - modelBusy);
      console.log(
        `    run ${run + 1}/${runs}: single call ${series.baseline.at(-1)!.toFixed(0)} ms; ` +
          `SSE first day ${result.firstDayMs.toFixed(0)} ms, whole ${result.doneMs.toFixed(0)} ms, ` +
          `${calls.length} model calls, tokens ${series.tokens.at(-1)} ` +
          `(prompt ${calls.reduce((s, c) => s + c.promptTokens, 0)}, completion ${calls.reduce((s, c) => s + c.completionTokens, 0)}) ` +
          `vs ${series.baselineTokens.at(-1)} (prompt ${answer.usage.prompt_tokens}, completion ${answer.usage.completion_tokens})`,
      );
    }
    const ratio = (a: number[], b: number[]) => a.map((v, i) => (v / b[i]!) * 100);
    const firstRatio = ratio(series.firstDay, series.baseline);
    const wholeRatio = ratio(series.whole, series.baseline);
    const tokenRatio = series.tokens.map((v, i) => v / series.baselineTokens[i]!);
    console.log(
      `    fake model: ${TOKENS_PER_SECOND} tokens/s after ${FIRST_TOKEN_MS} ms; single call ${describe(series.baseline, 0)} ms; ` +
        `model calls per trip ${describe(series.calls, 0)}`,
    );
    summary.add({
      part: "generation",
      name: "time to first day vs single call",
      measured: `${describeWorst(firstRatio, "lower", 1)} % (${describe(series.firstDay, 0)} ms vs ${describe(series.baseline, 0)} ms)`,
      target: "<= 25 %",
      pass: worst(firstRatio, "lower") <= 25,
    });
    summary.add({
      part: "generation",
      name: "time to whole itinerary vs single call",
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
    rmSync(dataDir, { recursive: true, force: true });
  }
}
