import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { completeEnv, parseEnv, type Env } from "#server/env.ts";
import { EVAL_GEO_PLACES, EVAL_MODEL_CITIES } from "#tests/fakes/eval-cities.ts";
import { answerItineraryPrompt } from "#tests/fakes/itinerary-model.ts";
import { startOpenAIFake, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import { startOpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { startOverpassFake } from "#tests/fakes/overpass-fake.ts";
import { startMotisFake } from "#tests/fakes/motis-fake.ts";
import { startOsrmFake } from "#tests/fakes/osrm-fake.ts";
import { OVERPASS_DATASET } from "#tests/fakes/overpass-places.ts";
import { WHOLE_TRIP_ELEMENTS } from "#tests/fakes/whole-trip-places.ts";

export const FAKE_MODEL = "fake-model";

/**
 * The loopback stand-ins CI evaluates against: the OpenAI-compatible fake answering like a
 * well-behaved model (outline, days with coordinates near the cities it knows, the realism repair),
 * knowing every destination of the set (tests/fakes/eval-cities.ts) as the geocoder does,
 * at a fixed pace so latencies mean something, Open-Meteo's geocoding, and the Overpass fake (its
 * map of Paris and Lisbon) for real places: the keyless planner's candidates and the matching of a
 * model's activities, so the verified share and the closed visits are measured; the OSRM and MOTIS
 * fakes (Paris and Lyon) route the legs, so the share routed and the days' travel time are too. No activity geocoder:
 * Nominatim's one request a second would make the run minutes long for nothing the fake could show. The settings are
 * built from these alone, never from `.env`: a developer's real GEOCODER_URL or API key must not
 * leak into a run that promises to stay on 127.0.0.1.
 */
export async function startFakeProvider(
  options: { tokensPerSecond?: number; model?: boolean } = {},
) {
  const model: OpenAIFake = await startOpenAIFake({
    tokensPerSecond: options.tokensPerSecond ?? 4000,
    firstTokenMs: 20,
    respond: (body) => answerItineraryPrompt(body, EVAL_MODEL_CITIES),
  });
  const geocoding = await startOpenMeteoFake({ places: EVAL_GEO_PLACES });
  // The shared map with the whole trip's lodging, cafés and restaurants (issue 47).
  const overpass = await startOverpassFake({
    dataset: [...OVERPASS_DATASET, ...WHOLE_TRIP_ELEMENTS],
  });
  // Street and transit routing on the fakes' Paris and Lyon network (elsewhere: no route, estimated).
  const osrm = await startOsrmFake();
  const motis = await startMotisFake();
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-eval-"));
  const env: Env = completeEnv(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      AUTH_SECRET: "eval-fake-secret-eval-fake-secret-0123",
      // Without the model (`--keyless`), the offline planner plans from the Overpass fake's places.
      ...(options.model === false
        ? {}
        : { AI_BASE_URL: model.url, AI_API_KEY: "sk-eval-fake", AI_MODEL: FAKE_MODEL }),
      OPEN_METEO_GEOCODING_URL: geocoding.url,
      OPEN_METEO_BASE_URL: geocoding.url,
      OVERPASS_URL: overpass.url,
      // Never a public router (issue 46): the loopback fakes, asked as fast as a plan needs.
      ROUTING_URL: osrm.url,
      TRANSIT_URL: motis.url,
      ROUTING_PACE: "none",
      LOG_LEVEL: "warn",
    }),
  );
  return {
    env,
    model,
    geocoding,
    overpass,
    osrm,
    motis,
    close: async () => {
      await Promise.all([
        model.close(),
        geocoding.close(),
        overpass.close(),
        osrm.close(),
        motis.close(),
      ]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
