import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { streamSSE } from "hono/streaming";
import { forecastText, extractLocation, toForecastCard } from "#shared/forecast.ts";
import { MESSAGES } from "#shared/messages.ts";
import {
  CHAT_HISTORY_LIMIT,
  CHAT_LIMIT_MESSAGES,
  CHAT_RATE_LIMIT_WINDOW_SECONDS,
  chatRequestSchema,
  type ChatReply,
} from "#shared/schemas/chat.ts";
import type { TripProposal } from "#shared/schemas/trip-edit.ts";
import type { ForecastCard } from "#shared/schemas/weather.ts";
import type { AppBindings, AppDeps } from "../http/context.ts";
import { profiles, type TripRow } from "../db/schema.ts";
import { enforceRateLimit } from "../http/rate-limit.ts";
import { getSessionUser } from "../auth/session.ts";
import { findOwnTripOrNull } from "../trips/trip-access.ts";
import { validate } from "../http/validate.ts";
import { buildChatMessages, type TravellerContext } from "../services/chat-model/chat-prompt.ts";
import type { ChatModelMessage } from "../services/chat-model/chat-model.ts";
import {
  compactTrip,
  toTripProposal,
  tripAnswerSchema,
  tripDataMessage,
  TRIP_PROPOSAL_RULES,
} from "../services/chat-model/trip-context.ts";
import { WeatherError } from "../services/weather/weather-service.ts";

type WeatherLookup = { card: ForecastCard | null; text: string };

/**
 * Never the place (the visitor's own words) and no stack: an unknown place is the visitor's doing
 * (debug); an outside service failing is the operator's business (warn, with its status or cause).
 */
function logWeatherFailure(deps: AppDeps, error: unknown) {
  const provider = deps.weather.provider;
  if (error instanceof WeatherError && error.kind === "not_found") {
    deps.logger.debug({ provider }, "weather lookup: place not found");
    return;
  }
  const cause = error instanceof Error ? error.cause : undefined;
  const status =
    typeof cause === "object" && cause !== null && "status" in cause ? cause.status : undefined;
  deps.logger.warn(
    {
      provider,
      status: typeof status === "number" ? status : undefined,
      cause: cause instanceof Error ? cause.name : undefined,
    },
    "weather lookup failed",
  );
}

/** The forecast for the place named in the message, if any; a failure becomes the apology text. */
async function lookUpWeather(deps: AppDeps, message: string): Promise<WeatherLookup | null> {
  const place = extractLocation(message);
  if (!place) return null;
  try {
    const card = toForecastCard(await deps.weather.getForecast(place));
    return { card, text: forecastText(card) };
  } catch (error) {
    logWeatherFailure(deps, error);
    return { card: null, text: MESSAGES.weatherApology };
  }
}

async function loadTraveller(deps: AppDeps, userId: string): Promise<TravellerContext> {
  const [row] = await deps.database.db
    .select({
      preferredDestinations: profiles.preferredDestinations,
      preferredTravelStyle: profiles.preferredTravelStyle,
      interests: profiles.interests,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? { preferredDestinations: [], preferredTravelStyle: null, interests: [] };
}

/** Without a model the assistant still answers from the forecast, and says what it cannot do. */
function offlineReply(weather: WeatherLookup | null, tripOpen = false): string {
  if (tripOpen)
    return weather
      ? `${weather.text}\n\n${CHAT_LIMIT_MESSAGES.tripNeedsProvider}`
      : CHAT_LIMIT_MESSAGES.tripNeedsProvider;
  if (!weather) return CHAT_LIMIT_MESSAGES.noProvider;
  return `${weather.text}\n\nGeneral travel answers need an AI provider, and none is configured on this server.`;
}

async function enforceChatLimits(c: Context<AppBindings>, userId: string | undefined) {
  const { db } = c.var.deps.database;
  const options = {
    limit: c.var.deps.env.CHAT_RATE_LIMIT,
    windowSeconds: CHAT_RATE_LIMIT_WINDOW_SECONDS,
    message: CHAT_LIMIT_MESSAGES.rateLimited,
  };
  await enforceRateLimit(db, { ...options, key: `chat:ip:${c.var.clientIp}` });
  if (userId) await enforceRateLimit(db, { ...options, key: `chat:user:${userId}` });
}

/**
 * POST /api/chat, open to anyone. Streams server-sent events (`forecast`, `delta`…, `done`) when the
 * client accepts text/event-stream, otherwise answers `{ response, suggestions, forecast }`.
 */
export const chatRoutes = new Hono<AppBindings>().post(
  "/",
  validate("json", chatRequestSchema),
  async (c) => {
    const { deps } = c.var;
    const { message, history, tripId } = c.req.valid("json");
    const user = await getSessionUser(c);
    await enforceChatLimits(c, user?.id);

    const traveller = user ? await loadTraveller(deps, user.id) : null;
    // Only the signed-in owner's trip; any other id is ignored as if it had not been sent.
    const trip = user && tripId ? await findOwnTripOrNull(deps.database.db, user.id, tripId) : null;
    const weather = await lookUpWeather(deps, message);
    const forecast = weather?.card ?? null;
    const tripContext = trip ? compactTrip(trip) : null;
    const messages = buildChatMessages({
      message,
      history: history.slice(-CHAT_HISTORY_LIMIT),
      weatherText: weather?.text ?? "",
      traveller,
      ...(tripContext
        ? { context: [tripDataMessage(tripContext.text)], extraRules: TRIP_PROPOSAL_RULES }
        : {}),
    });
    // The provider sees an opaque id for abuse monitoring, never the account id itself.
    const endUser = user
      ? createHash("sha256").update(`boundless:${user.id}`).digest("hex").slice(0, 32)
      : undefined;

    const answer = async (
      signal: AbortSignal,
      onText: (text: string) => Promise<void>,
    ): Promise<{ response: string; proposal?: TripProposal }> => {
      const options = { signal, endUser, weather, onText };
      if (trip && tripContext)
        return generateForTrip(deps, messages, { ...options, trip, refs: tripContext.refs });
      return { response: await generate(deps, messages, options) };
    };

    if (c.req.header("accept")?.includes("text/event-stream")) {
      // Reverse proxies (nginx) would otherwise hold the stream back until it ends.
      c.header("X-Accel-Buffering", "no");
      return streamSSE(c, async (stream) => {
        const aborted = new AbortController();
        stream.onAbort(() => aborted.abort());
        if (forecast) await stream.writeSSE({ event: "forecast", data: JSON.stringify(forecast) });
        const { response, proposal } = await answer(aborted.signal, (text) =>
          stream.writeSSE({ event: "delta", data: JSON.stringify({ text }) }),
        );
        if (proposal) await stream.writeSSE({ event: "proposal", data: JSON.stringify(proposal) });
        const reply: ChatReply = {
          response,
          suggestions: [],
          forecast,
          ...(proposal && { proposal }),
        };
        await stream.writeSSE({ event: "done", data: JSON.stringify(reply) });
      });
    }
    const { response, proposal } = await answer(c.req.raw.signal, () => Promise.resolve());
    const reply: ChatReply = { response, suggestions: [], forecast, ...(proposal && { proposal }) };
    return c.json(reply);
  },
);

/** The model's whole answer (also streamed through `onText`), or the spec's apology on failure. */
async function generate(
  deps: AppDeps,
  messages: ChatModelMessage[],
  options: {
    signal: AbortSignal;
    endUser: string | undefined;
    weather: WeatherLookup | null;
    onText: (text: string) => Promise<void>;
  },
): Promise<string> {
  if (!deps.chatModel) {
    const text = offlineReply(options.weather);
    await options.onText(text);
    return text;
  }
  let response = "";
  try {
    for await (const text of deps.chatModel.stream(messages, {
      signal: options.signal,
      endUser: options.endUser,
    })) {
      response += text;
      await options.onText(text);
    }
    if (!response.trim()) throw new Error("empty model reply");
    return response;
  } catch (error) {
    if (!options.signal.aborted) deps.logger.error({ err: error }, "chat model failed");
    return MESSAGES.chatApology;
  }
}

/**
 * With a trip open the answer is JSON (a reply and perhaps a proposal of changes), validated against
 * the trip with one repair call, so its text arrives in one piece once it is known to be whole.
 */
async function generateForTrip(
  deps: AppDeps,
  messages: ChatModelMessage[],
  options: {
    signal: AbortSignal;
    endUser: string | undefined;
    weather: WeatherLookup | null;
    onText: (text: string) => Promise<void>;
    trip: TripRow;
    refs: ReadonlyMap<string, string>;
  },
): Promise<{ response: string; proposal?: TripProposal }> {
  if (!deps.chatModel) {
    const text = offlineReply(options.weather, true);
    await options.onText(text);
    return { response: text };
  }
  try {
    const answer = await deps.chatModel.json(
      messages,
      tripAnswerSchema(options.trip, options.refs),
      {
        signal: options.signal,
        ...(options.endUser ? { endUser: options.endUser } : {}),
      },
    );
    const proposal = answer.proposal
      ? toTripProposal(options.trip, options.refs, answer.proposal)
      : undefined;
    await options.onText(answer.reply);
    return { response: answer.reply, ...(proposal && { proposal }) };
  } catch (error) {
    if (!options.signal.aborted) deps.logger.error({ err: error }, "chat model failed");
    await options.onText(MESSAGES.chatApology);
    return { response: MESSAGES.chatApology };
  }
}
