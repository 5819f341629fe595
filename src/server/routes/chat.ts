import { Hono, type Context } from "hono";
import { streamSSE } from "hono/streaming";
import {
  CHAT_LIMIT_MESSAGES,
  CHAT_RATE_LIMIT_WINDOW_SECONDS,
  chatRequestSchema,
  type ChatReply,
} from "#shared/schemas/chat.ts";
import { getSessionUser } from "../http/session.ts";
import { loadTemperatureUnit, loadTraveller, prepareAnswer } from "../chat/assistant.ts";
import { lookUpWeather } from "../chat/weather-answer.ts";
import type { AppBindings } from "../http/context.ts";
import { enforceRateLimit } from "../http/rate-limit.ts";
import { validate } from "../http/validate.ts";
import { findTripForOrNull } from "../trips/trip-access.ts";

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

    const traveller = user ? await loadTraveller(deps.database.db, user.id) : null;
    // Only a trip the signed-in user is on; any other id is ignored as if it had not been sent.
    const found =
      user && tripId ? await findTripForOrNull(deps.database.db, user.id, tripId) : null;
    const trip = found?.row ?? null;
    // The text says the temperatures in the unit the card beside it shows: the traveller's, or °F.
    const unit = await loadTemperatureUnit(deps.database.db, user?.id);
    const weather = await lookUpWeather(deps.weather, deps.logger, { message, trip, unit });
    const forecast = weather?.card ?? null;
    const answer = prepareAnswer(deps, {
      message,
      history,
      weather,
      traveller,
      trip,
      canEdit: found?.role === "owner" || found?.role === "editor",
      userId: user?.id,
    });

    if (c.req.header("accept")?.includes("text/event-stream")) {
      // Reverse proxies (nginx) would otherwise hold the stream back until it ends.
      c.header("X-Accel-Buffering", "no");
      return streamSSE(c, async (stream) => {
        const aborted = new AbortController();
        stream.onAbort(() => aborted.abort());
        if (forecast) await stream.writeSSE({ event: "forecast", data: JSON.stringify(forecast) });
        const { response, proposal, proposalError } = await answer(aborted.signal, (text) =>
          stream.writeSSE({ event: "delta", data: JSON.stringify({ text }) }),
        );
        if (proposal) await stream.writeSSE({ event: "proposal", data: JSON.stringify(proposal) });
        const reply: ChatReply = {
          response,
          suggestions: [],
          forecast,
          ...(proposal && { proposal }),
          ...(proposalError && { proposalError }),
        };
        await stream.writeSSE({ event: "done", data: JSON.stringify(reply) });
      });
    }
    const { response, proposal, proposalError } = await answer(c.req.raw.signal, () =>
      Promise.resolve(),
    );
    const reply: ChatReply = {
      response,
      suggestions: [],
      forecast,
      ...(proposal && { proposal }),
      ...(proposalError && { proposalError }),
    };
    return c.json(reply);
  },
);
