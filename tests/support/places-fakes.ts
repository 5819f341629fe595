import { answerItineraryPrompt } from "#tests/fakes/itinerary-model.ts";
import { startOpenAIFake, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { startOverpassFake, type OverpassFake } from "#tests/fakes/overpass-fake.ts";
import type { FakeOsmElement } from "#tests/fakes/overpass-places.ts";

/** Limits out of the way: these suites create many trips and accounts from one address. */
export const GENEROUS_LIMITS = {
  GENERATION_RATE_LIMIT: "1000",
  GENERATION_IP_RATE_LIMIT: "1000",
  AUTH_RATE_LIMIT: "1000",
} as const;

/**
 * The loopback services real places are planned against: the Open-Meteo geocoder (destinations), the
 * Overpass fake (places) and the OpenAI-compatible fake answering itinerary prompts.
 */
export type PlacesFakes = {
  om: OpenMeteoFake;
  overpass: OverpassFake;
  model: OpenAIFake;
  /**
   * Settings of a server planning from the Overpass fake: PLACES_TIMEOUT_MS, the budget of a whole
   * lookup, short so a hang ends fast, yet long enough for a loaded machine's ordinary answers.
   */
  places: (timeoutMs?: number) => Record<string, string>;
  /** Settings of a server whose planner is the fake model. */
  ai: Record<string, string>;
  /** Between tests: recorded requests, scripted failures and delays cleared. */
  reset: () => void;
  close: () => Promise<void>;
};

/** `dataset`: the Overpass fake's map (its default, or with the whole trip's lodging and food). */
export async function startPlacesFakes(
  options: { dataset?: readonly FakeOsmElement[] } = {},
): Promise<PlacesFakes> {
  const [om, overpass, model] = await Promise.all([
    startOpenMeteoFake(),
    startOverpassFake(options.dataset ? { dataset: options.dataset } : {}),
    startOpenAIFake({ apiKey: "test-key", respond: answerItineraryPrompt }),
  ]);
  return {
    om,
    overpass,
    model,
    places: (timeoutMs = 1500) => ({
      OPEN_METEO_GEOCODING_URL: om.url,
      OVERPASS_URL: overpass.url,
      PLACES_TIMEOUT_MS: String(timeoutMs),
    }),
    ai: {
      AI_BASE_URL: model.url,
      AI_API_KEY: "test-key",
      AI_MODEL: "fake-model",
      AI_TIMEOUT_MS: "5000",
    },
    reset: () => {
      overpass.reset();
      overpass.setDelay(0);
      model.reset();
    },
    close: async () => {
      await Promise.all([om.close(), overpass.close(), model.close()]);
    },
  };
}
