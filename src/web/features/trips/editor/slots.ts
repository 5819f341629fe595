import type { ReactNode } from "react";
import type { Activity, Day } from "#shared/schemas/itinerary.ts";

/** Place fields another feature (place search) may set along with the location text. */
export type PlaceFields = Partial<Pick<Activity, "lat" | "lng" | "osmId" | "openingHours" | "why">>;

export type LocationFieldProps = {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string, place?: PlaceFields) => void;
};

/**
 * Where other features add to the trip page without importing this one (composed in the route file):
 * a map beside a day, badges on an activity, tools in the header, a place-search location field.
 */
export type TripDetailSlots = {
  headerExtras?: ReactNode;
  /** `regenerate` opens "Regenerate day" for this day with the instruction filled in. */
  renderDayExtras?: (
    day: Day,
    actions?: { regenerate: (instruction: string) => void },
  ) => ReactNode;
  renderActivityExtras?: (activity: Activity, day: Day) => ReactNode;
  renderLocationField?: (props: LocationFieldProps) => ReactNode;
};
