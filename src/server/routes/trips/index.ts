import { Hono } from "hono";
import type { AppBindings } from "../../http/context.ts";
import { tripCalendarRoutes } from "./calendar.ts";
import { tripBookingRoutes } from "./trip-bookings.ts";
import { tripEditRoutes } from "./trip-edit.ts";
import { tripExpenseRoutes } from "./trip-expenses.ts";
import { tripForecastRoutes } from "./trip-forecast.ts";
import { tripHistoryRoutes } from "./trip-history.ts";
import { tripIdeaRoutes } from "./trip-ideas.ts";
import { tripPollRoutes } from "./trip-polls.ts";
import { tripGenerationRoutes } from "./trip-generation.ts";
import { tripMemberRoutes } from "./trip-members.ts";
import { tripRegenerateRoutes } from "./trip-regenerate.ts";
import { tripsRoutes } from "./trips.ts";
import { tripPlacesRoutes } from "../places-io.ts";

/** Everything under /api/trips, one sub-app per concern, in the order they were always matched. */
export const allTripRoutes = new Hono<AppBindings>()
  .route("/", tripsRoutes)
  .route("/", tripGenerationRoutes)
  .route("/", tripEditRoutes)
  .route("/", tripRegenerateRoutes)
  .route("/", tripCalendarRoutes)
  .route("/", tripForecastRoutes)
  .route("/", tripMemberRoutes)
  .route("/", tripHistoryRoutes)
  .route("/", tripBookingRoutes)
  .route("/", tripExpenseRoutes)
  .route("/", tripPlacesRoutes)
  .route("/", tripIdeaRoutes)
  .route("/", tripPollRoutes);
