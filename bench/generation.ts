import { Writable } from "node:stream";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "#server/app.ts";
import { openPglite } from "#server/db/client.ts";
import { createDeps } from "#server/deps.ts";
import { completeEnv, parseEnv } from "#server/env.ts";
import { createLogger } from "#server/lib/logger.ts";
import type { ItineraryGenerator } from "#server/services/ai/itinerary-generator.ts";
import { createOpenAiPlanner } from "#server/services/ai/openai-planner.ts";
import { answerItineraryRealistically } from "#tests/fakes/itinerary-model.ts";
import { countTokens, startOpenAIFake } from "#tests/fakes/openai-fake.ts";
import { createTripBody, readTripStream } from "./lib/generation-client.ts";
import { signUp } from "./lib/session.ts";
import { describe, median } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

/** The pace: 0.5 s to the first token, then 60 tokens a second, for every call. */
const PACE = { tokensPerSecond: 60, firstTokenMs: 500 };
const DAYS = 7;
const TARGETS = { firstDay: 0.25, whole: 0.4, tokens: 1.3 };

type Usage = { calls: number; promptTokens: number; completionTokens: number };
type Sample = {
  firstDayMs: number;
  wholeMs: number;
  usage: Usage;
  /** Prompt tokens a provider would also bill for the response_format schemas (the fake does not). */
  schemaTokens: number;
};

/** Usage as the server summed it from the fake's `usage` reports, read from its "itinerary generated" log. */
function usageLog() {
  const seen: Usage[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (!line.includes("itinerary generated")) continue;
        const parsed = JSON.parse(line) as { usage?: Usage };
        if (parsed.usage) seen.push(parsed.usage);
      }
      done();
    },
  });
  return { logger: createLogger("info", stream), seen };
}

/**
 * A 7-day trip through POST /api/trips over real HTTP (SSE, as the browser reads it), against the
 * loopback fake model at a fixed token rate, in two modes in the same run: the outline + parallel
 * batches the app uses, and a single call asking for the whole itinerary (the same planner with
 * its single-call threshold raised, so prompts, validation and saving are the same code).
 */
export async function benchGeneration(port: number, summary: Summary, runs: number) {
  const fake = await startOpenAIFake({ ...PACE, respond: answerItineraryRealistically });
  const settings = {
    baseUrl: fake.url,
    apiKey: "bench-key",
    model: "fake-model",
    timeoutMs: 60_000,
  };
  const planners: Record<"split" | "single", ItineraryGenerator> = {
    split: createOpenAiPlanner(settings),
    single: createOpenAiPlanner(settings, { singleCallMaxDays: 31 }),
  };
  let current = planners.split;
  const log = usageLog();
  // The app as the server wires it, on an in-memory PGlite; only the planner is switchable.
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-bench-gen-"));
  const env = completeEnv(
    parseEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
      APP_ORIGIN: origin,
      DATA_DIR: dataDir,
      AI_BASE_URL: fake.url,
      AI_API_KEY: "bench-key",
      AI_MODEL: "fake-model",
      GENERATION_RATE_LIMIT: "1000",
      AUTH_RATE_LIMIT: "1000",
    }),
  );
  const database = await openPglite();
  let server: ServerType | undefined;
  try {
    await database.migrate();
    const app = createApp({
      ...createDeps(env, database, log.logger),
      ai: { mode: "online", generate: (request, options) => current.generate(request, options) },
    });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, hostname: "127.0.0.1", port }, () => resolve(s));
    });
    const baseUrl = origin;
    const { cookie } = await signUp(baseUrl, origin, `gen-${Date.now()}@bench.local`);

    const once = async (mode: "split" | "single"): Promise<Sample> => {
      current = planners[mode];
      fake.reset();
      const before = log.seen.length;
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/trips`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          origin,
          cookie,
        },
        body: JSON.stringify(createTripBody("Kyoto, Japan", DAYS)),
      });
      const result = await readTripStream(response, started);
      const usage = log.seen[before];
      if (
        !result.tripId ||
        result.firstDayMs === undefined ||
        result.doneMs === undefined ||
        !usage
      )
        throw new Error(`${mode} generation failed: ${JSON.stringify(result.events.at(-1))}`);
      if (usage.calls !== fake.requests.length)
        throw new Error(`${mode}: ${usage.calls} calls counted, ${fake.requests.length} made`);
      const schemaTokens = fake.requests.reduce(
        (sum, r) =>
          sum + countTokens(JSON.stringify(r.body.response_format?.json_schema?.schema ?? "")),
        0,
      );
      return { firstDayMs: result.firstDayMs, wholeMs: result.doneMs, usage, schemaTokens };
    };

    const samples = { split: [] as Sample[], single: [] as Sample[] };
    // Alternated, so a noisy moment on the shared machine hits both modes alike.
    for (let i = 0; i < runs; i++) {
      samples.single.push(await once("single"));
      samples.split.push(await once("split"));
    }

    const total = (s: Sample) => s.usage.promptTokens + s.usage.completionTokens;
    for (const mode of ["single", "split"] as const) {
      const list = samples[mode];
      const u = list[0]!.usage;
      console.log(
        `  ${mode.padEnd(6)} first day ${describe(
          list.map((s) => s.firstDayMs / 1000),
          2,
          " s",
        )}, whole ${describe(
          list.map((s) => s.wholeMs / 1000),
          2,
          " s",
        )}, ${u.calls} calls, tokens ${u.promptTokens} prompt + ${u.completionTokens} completion = ${total(list[0]!)}`,
      );
    }

    const singleWhole = median(samples.single.map((s) => s.wholeMs));
    const ratios = (pick: (s: Sample) => number) => samples.split.map((s) => pick(s) / singleWhole);
    const firstDay = ratios((s) => s.firstDayMs);
    const whole = ratios((s) => s.wholeMs);
    const tokenRatio = total(samples.split[0]!) / total(samples.single[0]!);
    const withSchemas =
      (total(samples.split[0]!) + samples.split[0]!.schemaTokens) /
      (total(samples.single[0]!) + samples.single[0]!.schemaTokens);
    console.log(
      `  (counting the response_format schemas as prompt tokens too, which the fake does not: ${withSchemas.toFixed(2)}x)`,
    );

    const part = "generation";
    summary.add({
      part,
      name: "time to first day vs single call",
      measured: `${describe(firstDay, 2, "x")} of ${(singleWhole / 1000).toFixed(2)} s`,
      target: `<= ${TARGETS.firstDay}x`,
      pass: median(firstDay) <= TARGETS.firstDay,
    });
    summary.add({
      part,
      name: "time to whole itinerary vs single call",
      measured: describe(whole, 2, "x"),
      target: `<= ${TARGETS.whole}x`,
      pass: median(whole) <= TARGETS.whole,
    });
    summary.add({
      part,
      name: "total tokens vs single call",
      measured: `${tokenRatio.toFixed(3)}x (${total(samples.split[0]!)} / ${total(samples.single[0]!)})`,
      target: `<= ${TARGETS.tokens}x`,
      pass: tokenRatio <= TARGETS.tokens,
    });
    summary.notMeasured(
      part,
      "server overhead per generation",
      "< 50 ms",
      "not separated from model time by this bench",
    );
  } finally {
    server?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await fake.close();
  }
}
