import type { ReactNode } from "react";
import type { TripRole } from "#shared/constants.ts";
import type { PlaceFields } from "#shared/place-fields.ts";
import type { Activity, Day, Grounding, TripPlace } from "#shared/schemas/itinerary.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import type { BookingProposal } from "#shared/schemas/bookings.ts";

export type LocationFieldProps = {
  label: string;
  value: string;
  error?: string | undefined;
  /** `place`: what another feature (place search) sets along with the location text. */
  onChange: (value: string, place?: Partial<PlaceFields>) => void;
};

/** Sets an activity's coordinates (a pin placed by hand) through the editor's normal save. */
export type PlaceActivity = (activityId: string, point: { lat: number; lng: number }) => void;

/** What a map of the trip needs from the page; the page decides which day is shown. */
export type MapSlotContext = {
  days: readonly Day[];
  /** The day shown (0-based). */
  dayIndex: number;
  place: TripPlace | null;
  destination: string;
  /** Why the trip has no real places, when a service failed: the map says so. */
  grounding?: Grounding;
  /** The owner's page only. */
  placeActivity?: PlaceActivity;
  /** Pages that list every day at once (the shared page) let the map choose its day. */
  onSelectDay?: (dayIndex: number) => void;
  /** The trip's cities in order: joined on the map, the day's own marked. */
  stops?: readonly MapCity[];
  /** Where the travellers sleep: marked (with an accessible label) on their city's days. */
  stays?: readonly MapStay[];
  /** The group's ideas with a place (issue 49): pins in their own colour. */
  ideas?: readonly MapIdea[];
};

export type MapIdea = { id: string; name: string; lat: number; lng: number };

export type MapCity = { destination: string; place: { lat: number; lng: number } | null };
export type MapStay = {
  id: string;
  stopIndex: number;
  name: string;
  lat: number | null;
  lng: number | null;
};

/**
 * Where other features add to the trip page without importing this one (composed in the route file):
 * a map beside a day, badges on an activity, tools in the header, a place-search location field.
 */
/** The bookings the traveller ticked in a proposal: the editor adds them through its versioned save. */
export type BookingPicks = BookingProposal;

export type TripDetailSlots = {
  /**
   * "Add bookings" (owners and editors): `accept` adds the ticked bookings through the editor.
   * `openRequest` changes (a planned stay's "I booked elsewhere") to open it and bring it into view.
   */
  renderBookings?: (
    trip: Trip,
    accept: (picks: BookingPicks) => void,
    options?: { openRequest: number },
  ) => ReactNode;
  headerExtras?: ReactNode;
  /**
   * `regenerate` opens "Regenerate day" for this day with the instruction filled in;
   * `placeActivity` saves a pin placed by hand (the owner's page only).
   */
  renderDayExtras?: (
    day: Day,
    actions?: { regenerate: (instruction: string) => void; placeActivity?: PlaceActivity },
  ) => ReactNode;
  /** The map of the shown day, above its activities. */
  renderMap?: (context: MapSlotContext) => ReactNode;
  /** `actions` on the editor's page only: `remove` takes the activity out through its normal save. */
  renderActivityExtras?: (
    activity: Activity,
    day: Day,
    actions?: { remove: () => void },
  ) => ReactNode;
  renderLocationField?: (props: LocationFieldProps) => ReactNode;
  /** The trip's people (members, invitations, leaving), by the reader's role. */
  renderPeople?: (trip: { id: string; role: TripRole }) => ReactNode;
  /**
   * The trip's Money tab (expenses, balances, planned vs spent): a tab beside the plan, mounted only
   * while it is shown. Without it the page has no tabs.
   */
  renderMoney?: (trip: Trip) => ReactNode;
  /** The trip's Packing tab (issue 49), beside Money: mounted only while it is shown. */
  renderPacking?: (trip: Trip) => ReactNode;
  /** The trip's Ideas tab (polls and ideas to vote on and pull into days), mounted while shown. */
  renderIdeas?: (trip: Trip) => ReactNode;
  /** Saved places in and out: "Export" (every member), "Import places" (owners and editors). */
  renderPlacesIo?: (trip: Trip) => ReactNode;
};
