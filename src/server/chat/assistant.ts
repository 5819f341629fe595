import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { MESSAGES } from "#shared/messages.ts";
import { CHAT_HISTORY_LIMIT, CHAT_LIMIT_MESSAGES, type ChatMessage } from "#shared/schemas/chat.ts";
import type { TripProposal } from "#shared/schemas/trip-edit.ts";
import type { TemperatureUnit } from "#shared/temperature.ts";
import type { Db } from "../db/database.ts";
import { addIdea } from "../ideas/ideas.ts";
import type { Live } from "../ideas/trip-change.ts";
import { profiles, type TripRow } from "../db/schema.ts";
import type { Logger } from "../lib/logger.ts";
import { InvalidAnswerError, ModelError } from "../services/llm/model-error.ts";
import type { ChatModel, ChatModelMessage } from "./chat-model.ts";
import { buildChatMessages, type TravellerContext } from "./chat-prompt.ts";
import {
  compactTrip,
  toTripProposal,
  tripAnswerSchema,
  tripDataMessage,
  tripReplySchema,
  TRIP_PROPOSAL_RULES,
} from "./trip-context.ts";
import { ideaRequestOf } from "./idea-request.ts";
import type { WeatherLookup } from "./weather-answer.ts";
import { isChangeRequest, isWeatherQuestion } from "./weather-question.ts";

/**
 * The model, or null when no AI provider is configured, and where its failures are logged; the
 * database and live events for what the assistant changes itself (an idea added).
 */
type Model = {
  chatModel: ChatModel | null;
  logger: Logger;
  database: { db: Db };
  live: Live;
};

/** The assistant's name in the trip's history for what it changed itself. */
const ASSISTANT_NAME = "Boundless Assistant";
const IDEAS_NEED_EDIT = "Only the trip's owner and editors can add ideas; ask one of them.";

type ChatAnswer = { response: string; proposal?: TripProposal; proposalError?: string };

export async function loadTraveller(db: Db, userId: string): Promise<TravellerContext> {
  const [row] = await db
    .select({
      preferredDestinations: profiles.preferredDestinations,
      preferredTravelStyle: profiles.preferredTravelStyle,
      interests: profiles.interests,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? { preferredDestinations: [], preferredTravelStyle: null, interests: [] };
}

/** The traveller's temperature unit when they chose one, else the specification's °F. */
export async function loadTemperatureUnit(
  db: Db,
  userId: string | undefined,
): Promise<TemperatureUnit> {
  if (!userId) return "F";
  const [row] = await db
    .select({ unit: profiles.temperatureUnit })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.unit === "C" ? "C" : "F";
}

const ASK_FOR_PLACE =
  "Which place do you mean? Ask like \"What's the weather in Paris this weekend?\", or ask from a trip's page for its stops and dates.";
const WEATHER_ONLY =
  "General travel answers need an AI provider, and none is configured on this server.";

/**
 * Without a model the assistant answers what it can: the weather asked about (or which place it
 * should look up), and says what needs a provider: a change to the open trip only when one was
 * asked for, otherwise that general answers do.
 */
export function keylessReply(
  message: string,
  weather: WeatherLookup | null,
  tripOpen: boolean,
): string {
  const change = tripOpen && isChangeRequest(message);
  const weatherPart = weather ? weather.text : isWeatherQuestion(message) ? ASK_FOR_PLACE : null;
  if (change)
    return weatherPart
      ? `${weatherPart}\n\n${CHAT_LIMIT_MESSAGES.tripNeedsProvider}`
      : CHAT_LIMIT_MESSAGES.tripNeedsProvider;
  if (!weatherPart) return CHAT_LIMIT_MESSAGES.noProvider;
  return weather ? `${weatherPart}\n\n${WEATHER_ONLY}` : weatherPart;
}

/**
 * How the assistant will answer this message: the prompt is built now (history, forecast, the
 * traveller, the open trip), the answer when the caller asks, streaming its text through `onText`.
 */
export function prepareAnswer(
  model: Model,
  input: {
    message: string;
    history: ChatMessage[];
    weather: WeatherLookup | null;
    traveller: TravellerContext | null;
    trip: TripRow | null;
    /** Whether the caller may change the open trip (its owner or an editor). */
    canEdit?: boolean;
    userId: string | undefined;
  },
): (signal: AbortSignal, onText: (text: string) => Promise<void>) => Promise<ChatAnswer> {
  const { trip, weather } = input;
  const tripContext = trip ? compactTrip(trip) : null;
  const messages = buildChatMessages({
    message: input.message,
    history: input.history.slice(-CHAT_HISTORY_LIMIT),
    weatherText: weather?.text ?? "",
    traveller: input.traveller,
    ...(tripContext
      ? { context: [tripDataMessage(tripContext.text)], extraRules: TRIP_PROPOSAL_RULES }
      : {}),
  });
  // The provider sees an opaque id for abuse monitoring, never the account id itself.
  const endUser = input.userId
    ? createHash("sha256").update(`boundless:${input.userId}`).digest("hex").slice(0, 32)
    : undefined;
  // "Add the Musée Rodin to our ideas" (issue 49): added at once, with or without a model, through
  // the same domain function as the route, so it is in the history and reaches open pages live.
  const ideaTitle = trip && input.userId ? ideaRequestOf(input.message) : null;
  return async (signal, onText) => {
    if (trip && input.userId && ideaTitle !== null) {
      const text = input.canEdit
        ? await addIdeaAsked(model, trip, input.userId, ideaTitle)
        : IDEAS_NEED_EDIT;
      await onText(text);
      return { response: text };
    }
    const options = { signal, endUser, weather, onText, message: input.message };
    if (trip && tripContext)
      return generateForTrip(model, messages, { ...options, trip, refs: tripContext.refs });
    return { response: await generate(model, messages, options) };
  };
}

/** The idea the traveller asked for, added to the open trip; the reply says so, or why not. */
async function addIdeaAsked(model: Model, trip: TripRow, userId: string, title: string) {
  try {
    const { idea } = await addIdea(
      model.database.db,
      model.live,
      trip,
      userId,
      { title },
      ASSISTANT_NAME,
    );
    return `Added “${idea.title}” to the trip's ideas: the group can vote on it in the Ideas tab.`;
  } catch (error) {
    // The trip's limit of ideas (a 422 naming it) is the only refusal a title can meet here.
    if (error instanceof Error && "issues" in error) {
      const issues = (error as { issues: { message: string }[] }).issues;
      return issues[0]?.message ?? "That idea could not be added.";
    }
    throw error;
  }
}

/** The model's whole answer (also streamed through `onText`), or the spec's apology on failure. */
async function generate(
  model: Model,
  messages: ChatModelMessage[],
  options: {
    signal: AbortSignal;
    endUser: string | undefined;
    weather: WeatherLookup | null;
    onText: (text: string) => Promise<void>;
    message: string;
  },
): Promise<string> {
  if (!model.chatModel) {
    const text = keylessReply(options.message, options.weather, false);
    await options.onText(text);
    return text;
  }
  let response = "";
  try {
    for await (const text of model.chatModel.stream(messages, {
      signal: options.signal,
      endUser: options.endUser,
    })) {
      response += text;
      await options.onText(text);
    }
    if (!response.trim()) throw new Error("empty model reply");
    return response;
  } catch (error) {
    if (!options.signal.aborted) model.logger.error({ err: error }, "chat model failed");
    return MESSAGES.chatApology;
  }
}

/**
 * With a trip open the answer is JSON (a reply and perhaps a proposal of changes), validated against
 * the trip with one repair call, so its text arrives in one piece once it is known to be whole.
 */
async function generateForTrip(
  model: Model,
  messages: ChatModelMessage[],
  options: {
    signal: AbortSignal;
    endUser: string | undefined;
    weather: WeatherLookup | null;
    onText: (text: string) => Promise<void>;
    message: string;
    trip: TripRow;
    refs: ReadonlyMap<string, string>;
  },
): Promise<ChatAnswer> {
  if (!model.chatModel) {
    const text = keylessReply(options.message, options.weather, true);
    await options.onText(text);
    return { response: text };
  }
  try {
    const answer = await model.chatModel.json(
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
    const reply = options.signal.aborted ? null : replyOfInvalidAnswer(error);
    if (reply !== null) {
      // Only the proposed change was beyond repair: the answer itself stands.
      model.logger.warn({ err: error }, "chat proposal dropped after the repair call");
      await options.onText(reply);
      return { response: reply, proposalError: CHAT_LIMIT_MESSAGES.proposalDropped };
    }
    if (!options.signal.aborted) model.logger.error({ err: error }, "chat model failed");
    await options.onText(MESSAGES.chatApology);
    return { response: MESSAGES.chatApology };
  }
}

/** The text of an answer that failed validation even after the repair call (the latest readable). */
function replyOfInvalidAnswer(error: unknown): string | null {
  if (!(error instanceof ModelError) || !(error.cause instanceof InvalidAnswerError)) return null;
  for (const answer of error.cause.answers()) {
    let json: unknown;
    try {
      json = JSON.parse(answer);
    } catch {
      continue;
    }
    const parsed = tripReplySchema.safeParse(json);
    if (parsed.success) return parsed.data.reply;
  }
  return null;
}
