import type { BookingProposal, NewTripBookingImport } from "#shared/schemas/bookings.ts";
import { MAX_STOPS, type StopRequest } from "#shared/schemas/trip-stops.ts";
import { daysBetween, shiftDate } from "#shared/trip-dates.ts";

const NOISE =
  /\b(international|intl|airport|aéroport|aeroport|aeropuerto|aeroporto|flughafen|station|gare|hbf|hauptbahnhof|centraal|centrale|central|terminal|ferry|port)\b/gi;

/** The town in a station's or airport's name: "Paris Charles de Gaulle (CDG)" is not one, "Paris" is. */
export function townOf(place: string): string {
  const base = place.replace(/\([^)]*\)/g, " ").split(",")[0] ?? place;
  // The town comes first in most names ("Paris Gare de Lyon", "Lyon Saint-Exupéry Airport").
  const cut = base.split(NOISE)[0]?.trim() ?? "";
  const cleaned = cut || base.replace(NOISE, " ").replace(/\s+/g, " ").trim();
  return cleaned || base.trim() || place;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();

const POSTAL_CODE = /\b(\d{4,6}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\b/;

let countryNames: Set<string> | undefined;
/** Country names and codes as addresses write them ("FR", "France", "Frankreich", "Italia"). */
function isCountry(part: string): boolean {
  if (!countryNames) {
    countryNames = new Set();
    const languages = ["en", "fr", "de", "es", "it", "nl", "pt"].map(
      (l) => new Intl.DisplayNames([l], { type: "region", fallback: "none" }),
    );
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (const a of letters)
      for (const b of letters) {
        const code = `${a}${b}`;
        const names = languages.flatMap((names) => names.of(code) ?? []);
        if (names.length === 0) continue;
        countryNames.add(fold(code));
        for (const name of names) countryNames.add(fold(name));
      }
    for (const name of ["usa", "uk", "united states of america", "deutschland"])
      countryNames.add(name);
  }
  return countryNames.has(fold(part));
}

/**
 * A stay's town from its address: the part with (or after) the postal code ("69002 Lyon"), else
 * the last part that is neither a country nor the street ("4 Rue des Archers, Lyon"); else the
 * town in its name. A region after the town ("00184 Rome, Lazio, Italy") is not taken for it.
 */
function stayTown(name: string, address: string | null): string {
  const parts = (address ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const coded = parts.findIndex((p) => POSTAL_CODE.test(p));
  if (coded >= 0) {
    const rest = (parts[coded] ?? "").replace(POSTAL_CODE, "").trim();
    // "4 Rue des Archers 69002" keeps its street: the town is then the next part.
    const next = parts[coded + 1];
    if (rest && !/^\d/.test(rest) && coded > 0) return rest;
    if (next && !isCountry(next)) return next;
    if (rest && !/^\d/.test(rest)) return rest;
  }
  const named = parts.filter((p) => !isCountry(p) && !/^\d/.test(p));
  const town = parts.length >= 2 ? named.filter((p) => p !== parts[0]).at(-1) : undefined;
  return town ?? townOf(name);
}

/**
 * A new trip's frame from bookings alone: stops from arrivals and stays (the journey home left
 * out), dates from the earliest departure or check-in to the latest arrival or check-out, each
 * stop's nights up to the next one's arrival. Null when the bookings hold no date.
 */
export function newTripFrame(proposal: BookingProposal): NewTripBookingImport["proposal"] | null {
  const { transport, stays, activities } = proposal;
  const starts = [
    ...transport.map((t) => t.departAt.slice(0, 10)),
    ...stays.map((s) => s.checkIn),
    ...activities.map((a) => a.date),
  ].sort();
  const ends = [
    ...transport.map((t) => t.arriveAt.slice(0, 10)),
    ...stays.map((s) => s.checkOut),
    ...activities.map((a) => a.date),
  ].sort();
  const startDate = starts[0];
  const endDate = ends[ends.length - 1];
  if (!startDate || !endDate) return null;

  const home = transport[0] ? fold(townOf(transport[0].from)) : null;
  // A stay checked into on the day of an arrival names the town better than a station does.
  const townOn = (date: string, fallback: string) => {
    const stay = stays.find((s) => s.checkIn === date);
    return stay ? stayTown(stay.name, stay.address) : fallback;
  };
  const arrivals: { town: string; date: string }[] = [
    ...transport
      .filter((t) => fold(townOf(t.to)) !== home)
      .map((t) => ({
        town: townOn(t.arriveAt.slice(0, 10), townOf(t.to)),
        date: t.arriveAt.slice(0, 10),
      })),
    ...stays
      .filter((s) => !transport.some((t) => t.arriveAt.slice(0, 10) === s.checkIn))
      .map((s) => ({ town: stayTown(s.name, s.address), date: s.checkIn })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  if (arrivals.length === 0) {
    const where = activities[0]?.location ?? activities[0]?.activity ?? "My trip";
    arrivals.push({ town: townOf(where), date: startDate });
  }

  // One stop per town in a row, each arriving on a later day than the one before it.
  const towns: { town: string; date: string }[] = [];
  for (const arrival of arrivals) {
    const last = towns[towns.length - 1];
    if (last && fold(last.town) === fold(arrival.town)) continue;
    if (last && arrival.date <= last.date) {
      last.town = arrival.town;
      continue;
    }
    towns.push({ ...arrival });
  }
  const kept = towns.slice(0, MAX_STOPS);
  const first = kept[0];
  if (first) first.date = startDate;
  const tripNights = Math.max(1, daysBetween(startDate, endDate));
  const stops: StopRequest[] = kept.map((stop, i) => {
    const next = kept[i + 1]?.date ?? endDate;
    return {
      destination: stop.town.slice(0, 100),
      nights: Math.max(1, daysBetween(stop.date, next)),
    };
  });
  // Nights add up to the trip's (a one-day trip still sleeps one night somewhere).
  const total = stops.reduce((sum, stop) => sum + stop.nights, 0);
  const last = stops[stops.length - 1];
  if (last && total !== tripNights) last.nights = Math.max(1, last.nights + tripNights - total);
  // A last stop reached on the last day (the train into Paris at 19:01) still sleeps a night there,
  // as does a one-day trip: the trip then ends the morning after, so POST /api/trips takes the frame
  // as it is (the stops' nights must add up to the trip's).
  const nights = stops.reduce((sum, stop) => sum + stop.nights, 0);
  const end = shiftDate(startDate, nights);
  return {
    destination: stops.map((s) => s.destination).join(" → "),
    startDate,
    endDate: end,
    stops,
    transport,
    stays,
    activities,
  };
}
