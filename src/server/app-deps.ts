import type { SentenceModel } from "./planner/sentence/sentence-model.ts";
import type { CachedFx } from "./services/fx/cached-fx.ts";
import type { Routing } from "./routing/routing-types.ts";
import type { Auth } from "./auth/auth.ts";
import type { Database } from "./db/database.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./lib/logger.ts";
import type { ItineraryGenerator } from "./planner/itinerary-generator.ts";
import type { ChatModel } from "./chat/chat-model.ts";
import type { BookingModel } from "./bookings/booking-model.ts";
import type { GeoService } from "./services/geo/geo-service.ts";
import type { Mailer } from "./services/mail/mailer.ts";
import type { PlacesService } from "./services/places/places-service.ts";
import type { Storage } from "./services/storage/storage.ts";
import type { LiveHub } from "./live/live-hub.ts";
import type { PlacementWorker } from "./trips/activity-placements.ts";
import type { TravelLegWorker } from "./trips/travel-leg-queue.ts";
import type { WeatherService } from "./services/weather/weather-service.ts";

// Type only: the rooms' own narrower deps types are what their functions take; this one is built by
// deps.ts and carried by the HTTP app (http/context.ts) and the assistants' server.

/** Everything a request handler may use. Built once at start-up (or per test) and injected into the app. */
export type AppDeps = {
  env: Env;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  storage: Storage;
  auth: Auth;
  /** Plans itineraries: an OpenAI-compatible model when configured, the keyless planner otherwise. */
  ai: ItineraryGenerator;
  weather: WeatherService;
  /** Destinations (Open-Meteo geocoding) and, with GEOCODER_URL, activity locations. */
  geo: GeoService;
  /** Real places (OpenStreetMap through Overpass, cached); `enabled` false when OVERPASS_URL=off. */
  places: PlacesService;
  /** Null when no AI provider is configured: the chat then answers weather questions only. */
  chatModel: ChatModel | null;
  /** Reads bookings out of PDFs and plain text; null without an AI provider (structured files need none). */
  bookingModel: BookingModel | null;
  /** Reads "Describe your trip" with the model; null without an AI provider (keyless rules read it). */
  sentenceModel: SentenceModel | null;
  /**
   * Called after someone's access to a trip ended (removed, left, the trip deleted), once per person
   * and trip; a no-op by default. The live layer uses it to tell their open pages.
   */
  onAccessEnded: (tripId: string, userId: string) => void;
  /** Called after some of a user's sessions ended; the live layer closes their streams. */
  onSessionsEnded: (userId: string) => void;
  /** Trip listeners (GET /api/trips/:id/events), in step with every instance. */
  live: LiveHub;
  /** Places a new plan's activities on the map after the trip opened (rows shared by instances). */
  placements: PlacementWorker;
  /** Transit legs filled in after their save (issue 46). */
  travelLegs: TravelLegWorker;
  /** Exchange rates in USD (Frankfurter, kept in the database); `enabled` false with FX_URL=off. */
  fx: CachedFx;
  /** Street and transit routers with their pace and cache; `street`/`transit` false when off. */
  routing: Routing;
};
