import { Hono } from "hono";
import type { AppBindings } from "../../http/context.ts";
import { tripCalendarRoutes } from "./calendar.ts";
import { tripBookingRoutes } from "./trip-bookings.ts";
import { tripDayRouteRoutes } from "./trip-day-route.ts";
import { tripEditRoutes } from "./trip-edit.ts";
import { tripEventRoutes } from "./trip-events.ts";
import { tripExpenseRoutes } from "./trip-expenses.ts";
import { tripForecastRoutes } from "./trip-forecast.ts";
import { tripHistoryRoutes } from "./trip-history.ts";
import { tripIdeaRoutes } from "./trip-ideas.ts";
import { tripPollRoutes } from "./trip-polls.ts";
import { tripGenerationRoutes } from "./trip-generation.ts";
import { tripMemberRoutes } from "./trip-members.ts";
import { tripPackingRoutes } from "./trip-packing.ts";
import { tripPackingSuggestionRoutes } from "./trip-packing-suggestions.ts";
import { tripRegenerateRoutes } from "./trip-regenerate.ts";
import { tripOrderRoutes } from "./trip-order.ts";
import { tripsRoutes } from "./trips.ts";
import { tripStayAlternativeRoutes } from "./trip-stay-alternatives.ts";
import { tripPlacesRoutes } from "../places-io.ts";

/** Everything under /api/trips, one sub-app per concern, in the order they were always matched. */
export const allTripRoutes = new Hono<AppBindings>()
  .route("/", tripsRoutes)
  .route("/", tripGenerationRoutes)
  .route("/", tripEditRoutes)
  .route("/", tripRegenerateRoutes)
  .route("/", tripOrderRoutes)
  .route("/", tripCalendarRoutes)
  .route("/", tripForecastRoutes)
  .route("/", tripMemberRoutes)
  .route("/", tripHistoryRoutes)
  .route("/", tripEventRoutes)
  .route("/", tripBookingRoutes)
  .route("/", tripExpenseRoutes)
  .route("/", tripPlacesRoutes)
  .route("/", tripPackingRoutes)
  .route("/", tripPackingSuggestionRoutes)
  .route("/", tripIdeaRoutes)
  .route("/", tripPollRoutes)
  .route("/", tripDayRouteRoutes)
  .route("/", tripStayAlternativeRoutes);
