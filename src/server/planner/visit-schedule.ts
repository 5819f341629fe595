import type { Interest } from "#shared/constants.ts";
import { distanceKm } from "#shared/geo.ts";
import { mayVisitAt, type LocalMoment } from "#shared/opening-hours.ts";
import type { Place } from "../services/places/places-service.ts";

// The keyless planner's clock and compass: the slots of a day, when a place may be visited in one,
// and which place comes next.

/** `late` and `night` are only asked for by a regenerate instruction ("busy", "nightlife"). */
export type SlotName = "morning" | "lunch" | "afternoon" | "dinner" | "late" | "night";

export type Slot = {
  name: SlotName;
  meal: boolean;
  /** Start times tried in order; the first at which the place is open (start and end) is taken. */
  times: readonly string[];
  /** How long the visit lasts: the place must still be open in its last minute. */
  minutes: number;
};

/** The day's shape. Windows never overlap, so times ascend whatever is picked. */
export const DAY_SLOTS: readonly Slot[] = [
  { name: "morning", meal: false, times: ["09:30", "10:00", "10:30", "11:00"], minutes: 90 },
  { name: "lunch", meal: true, times: ["12:30", "13:00", "13:30"], minutes: 60 },
  { name: "afternoon", meal: false, times: ["15:00", "15:30", "16:00", "16:30"], minutes: 90 },
  { name: "dinner", meal: true, times: ["19:30", "20:00", "20:30"], minutes: 75 },
];

/** Within this distance a traveller walks: the better (notable, on-interest) place may win. */
export const WALK_KM = 2;
/** A hop longer than this is taken only when no suitable place is nearer. */
export const MAX_HOP_KM = 5;

const plusMinutes = (time: string, minutes: number) => {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes;
  const clamped = Math.min(total, 23 * 60 + 59);
  return `${String(Math.floor(clamped / 60)).padStart(2, "0")}:${String(clamped % 60).padStart(2, "0")}`;
};

/** The context a place's hours are evaluated in: its own position, the destination's holidays. */
export function momentAt(
  place: Place,
  countryCode: string | null,
  localDate: string,
  localTime: string,
): LocalMoment {
  return { countryCode, lat: place.lat, lng: place.lng, localDate, localTime };
}

/**
 * The first start time of the slot at which the place is open for the whole visit, or null. None
 * before `earliest` (minutes after midnight): the previous stop's end plus the travel to this one.
 */
export function visitTime(
  place: Place,
  slot: Slot,
  localDate: string,
  countryCode: string | null,
  earliest = 0,
): string | null {
  for (const time of slot.times) {
    if (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) < earliest) continue;
    const end = plusMinutes(time, slot.minutes - 1);
    if (
      mayVisitAt(place.openingHours, momentAt(place, countryCode, localDate, time)) &&
      mayVisitAt(place.openingHours, momentAt(place, countryCode, localDate, end))
    )
      return time;
  }
  return null;
}

/**
 * The place to go next: among the suitable ones (`timeOf` gives a time: the right kind, unused, open
 * at some time of the slot) those within walking distance of the previous stop — or, when none is,
 * the nearest only — ranked by serving the preferred interest, then notability, then distance. So a
 * hop is longer than MAX_HOP_KM only when no suitable place is nearer. Without a previous stop the day
 * starts at the best place (on-interest, notable, nearest the centre). Hours are evaluated lazily, in
 * distance or rank order: a destination can have a thousand candidates.
 */
export function pick(
  options: readonly Place[],
  timeOf: (p: Place) => string | null,
  from: Place | null,
  centre: { lat: number; lng: number },
  prefer: Interest | null,
  /** The group's say (the trip's up-voted ideas, planning-ideas.ts): ranked before anything else. */
  favour: (p: Place) => number = () => 0,
): { place: Place; time: string } | null {
  const origin = from ?? centre;
  const serves = (p: Place) => (prefer !== null && p.interests?.includes(prefer) ? 1 : 0);
  const ranked = (list: { place: Place; km: number }[]) =>
    list.sort(
      (a, b) =>
        favour(b.place) - favour(a.place) ||
        serves(b.place) - serves(a.place) ||
        Number(b.place.notable) - Number(a.place.notable) ||
        a.km - b.km ||
        a.place.osmId.localeCompare(b.place.osmId),
    );
  const withKm = options.map((place) => ({ place, km: distanceKm(origin, place) }));
  let pool = withKm;
  if (from) {
    withKm.sort((a, b) => a.km - b.km || a.place.osmId.localeCompare(b.place.osmId));
    const nearest = withKm.find((s) => timeOf(s.place) !== null);
    if (!nearest) return null;
    const reach = Math.max(WALK_KM, nearest.km);
    pool = withKm.filter((s) => s.km <= reach);
  }
  for (const { place } of ranked(pool)) {
    const time = timeOf(place);
    if (time) return { place, time };
  }
  return null;
}
