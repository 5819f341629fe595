import { forecastText, toForecastCard } from "#shared/forecast.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { ForecastCard } from "#shared/schemas/weather.ts";
import type { TemperatureUnit } from "#shared/temperature.ts";
import type { TripRow } from "../db/schema.ts";
import type { Logger } from "../lib/logger.ts";
import { WeatherError, type WeatherService } from "../services/weather/weather-service.ts";
import { rangeOf, readWeatherQuestion, type DateRange } from "./weather-question.ts";
import { shiftDate } from "#shared/trip-dates.ts";

export type WeatherLookup = { card: ForecastCard | null; text: string };

/** One place to look up, and the dates asked about there (null: the whole forecast). */
type Target = { place: string; range: DateRange | "relative" | null; tripDates: boolean };

const dateFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const formatDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));
const formatRange = ({ from, to }: DateRange) =>
  from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;

/**
 * Never the place (the visitor's own words) and no stack: an unknown place is the visitor's doing
 * (debug); an outside service failing is the operator's business (warn, with its status or cause).
 */
function logWeatherFailure(weather: WeatherService, logger: Logger, error: unknown) {
  const provider = weather.provider;
  if (error instanceof WeatherError && error.kind === "not_found") {
    logger.debug({ provider }, "weather lookup: place not found");
    return;
  }
  const cause = error instanceof Error ? error.cause : undefined;
  const status =
    typeof cause === "object" && cause !== null && "status" in cause ? cause.status : undefined;
  logger.warn(
    {
      provider,
      status: typeof status === "number" ? status : undefined,
      cause: cause instanceof Error ? cause.name : undefined,
    },
    "weather lookup failed",
  );
}

const cityOf = (destination: string) => destination.split(",")[0]?.trim().toLowerCase() ?? "";

/** The trip's stops and dates, or the named place alone, as the places to look up. */
function targetsOf(
  question: NonNullable<ReturnType<typeof readWeatherQuestion>>,
  trip: TripRow | null,
): Target[] {
  const relative = question.when && question.when.kind !== "trip";
  const stops = trip?.stops ?? [];
  if (question.place) {
    const named = cityOf(question.place);
    const stop = stops.find((s) => cityOf(s.destination) === named);
    if (relative) return [{ place: question.place, range: "relative", tripDates: false }];
    // Asked from a trip (or about "my trip"): that stop's dates, or the trip's for another place.
    const range = stop
      ? { from: stop.startDate, to: stop.endDate }
      : trip
        ? { from: trip.startDate, to: trip.endDate }
        : null;
    return [{ place: question.place, range, tripDates: range !== null }];
  }
  if (!trip) return [];
  if (relative) {
    // "This weekend" on a trip: the stop the traveller is at then, else the first.
    const first = stops[0]?.destination ?? trip.destination;
    return [{ place: first, range: "relative", tripDates: false }];
  }
  if (stops.length === 0)
    return [
      {
        place: trip.destination,
        range: { from: trip.startDate, to: trip.endDate },
        tripDates: true,
      },
    ];
  return stops.map((s) => ({
    place: s.destination,
    range: { from: s.startDate, to: s.endDate },
    tripDates: true,
  }));
}

type Answer = { text: string; card: ForecastCard | null };

/** One place's answer: the forecast for the dates asked, or why there is none yet. */
function answerFor(
  target: Target,
  card: ForecastCard,
  question: NonNullable<ReturnType<typeof readWeatherQuestion>>,
  unit: TemperatureUnit,
): Answer {
  const today = card.days[0]?.date;
  const last = card.days.at(-1)?.date;
  if (!today || !last) return { text: MESSAGES.weatherApology, card: null };
  const range =
    target.range === "relative" && question.when && question.when.kind !== "trip"
      ? rangeOf(question.when, today)
      : target.range === "relative"
        ? null
        : target.range;
  if (!range) return { text: forecastText(card, unit), card: { ...card, unit } };
  const whose = target.tripDates ? "Your dates in" : "The dates asked for";
  const place = card.location;
  // The window is as long as the forecast: a day `span` days away is forecast from then on.
  const span = card.days.length - 1;
  if (range.from > last) {
    return {
      text:
        `${whose} ${place} (${formatRange(range)}) are beyond the forecast window, which reaches ` +
        `${formatDate(last)}. A forecast for ${formatDate(range.from)} exists from ` +
        `${formatDate(shiftDate(range.from, -span))}.`,
      card: null,
    };
  }
  if (range.to < today) {
    return {
      text: `${whose} ${place} (${formatRange(range)}) have passed; forecasts look ahead only.`,
      card: null,
    };
  }
  const days = card.days.filter((d) => d.date >= range.from && d.date <= range.to);
  const shown = { ...card, days, unit };
  let text = forecastText(shown, unit, ` (${formatRange(range)})`);
  if (range.to > last) {
    const rest = { from: shiftDate(last, 1), to: range.to };
    text +=
      `\nThe forecast window reaches ${formatDate(last)}; ${formatRange(rest)} are beyond it. ` +
      `A forecast for ${formatDate(rest.from)} exists from ${formatDate(shiftDate(rest.from, -span))}.`;
  }
  return { text, card: shown };
}

/**
 * The forecast a weather question asks for: the place it names, or the open trip's stops, for the
 * dates it names ("this weekend"), or the trip's; dates past the forecast window are said to be so,
 * with the day a forecast for them will exist. Null when the message is not about the weather or
 * names no place and no trip is open. A failure becomes the spec's apology for that place.
 */
export async function lookUpWeather(
  weather: WeatherService,
  logger: Logger,
  input: { message: string; trip: TripRow | null; unit: TemperatureUnit },
): Promise<WeatherLookup | null> {
  const question = readWeatherQuestion(input.message);
  if (!question) return null;
  const targets = targetsOf(question, input.trip);
  if (targets.length === 0) return null;
  const answers = await Promise.all(
    targets.map(async (target): Promise<Answer> => {
      try {
        const card = toForecastCard(await weather.getForecast(target.place));
        return answerFor(target, card, question, input.unit);
      } catch (error) {
        logWeatherFailure(weather, logger, error);
        return { text: MESSAGES.weatherApology, card: null };
      }
    }),
  );
  const texts = [...new Set(answers.map((a) => a.text))];
  return { card: answers.find((a) => a.card)?.card ?? null, text: texts.join("\n\n") };
}
