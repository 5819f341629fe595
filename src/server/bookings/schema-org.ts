import { priceSchema, type Price } from "#shared/schemas/planned-entries.ts";
import type { TransportMode } from "#shared/schemas/trip-stops.ts";
import {
  cleanText,
  emptyReading,
  type BookingTime,
  type JourneyDraft,
  type Reading,
} from "./booking-reading.ts";
import { parseBookingTime } from "./booking-time.ts";

/*
 * schema.org reservations (JSON-LD or microdata, as confirmation e-mails carry them) into drafts.
 * Every value is untrusted text: read as strings, cleaned, bounded; anything unexpected is skipped.
 */

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The `@type` names of a node, without a schema.org prefix. */
function typesOf(node: Node): string[] {
  const raw = node["@type"];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^https?:\/\/schema\.org\//i, ""));
}

/** The first value of a property (schema.org allows a list anywhere). */
function first(node: unknown, key: string): unknown {
  if (!isNode(node)) return undefined;
  const value = node[key];
  return Array.isArray(value) ? value[0] : value;
}

function path(node: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((at, key) => first(at, key), node);
}

/** Text of a value: a string, a number, or a thing's `name` (or JSON-LD's `@value`). */
function textOf(value: unknown, max = 200): string | null {
  if (isNode(value)) return cleanText(value["@value"] ?? value.name, max);
  return cleanText(value, max);
}

/** An address as text: a string, or a PostalAddress's parts joined. */
function addressOf(value: unknown): string | null {
  if (!isNode(value)) return cleanText(value, 300);
  const parts = ["streetAddress", "postalCode", "addressLocality", "addressRegion"]
    .map((key) => textOf(first(value, key)))
    .concat(textOf(first(value, "addressCountry")))
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? cleanText(parts.join(", "), 300) : textOf(value, 300);
}

function timeOf(value: unknown): BookingTime | null {
  return parseBookingTime(isNode(value) ? value["@value"] : value);
}

/** A station, airport or stop as a traveller reads it: its name, with a code or town when known. */
function placeText(place: unknown): string | null {
  const name = textOf(first(place, "name"));
  const code = textOf(first(place, "iataCode"));
  const town = textOf(path(place, "address", "addressLocality"));
  if (name && code) return cleanText(`${name} (${code})`);
  if (name && town && !name.toLowerCase().includes(town.toLowerCase()))
    return cleanText(`${name}, ${town}`);
  return name ?? code ?? textOf(place) ?? town;
}

/**
 * An amount as a booking writes it: a number, or text such as "782.40", "1,234.50" or "782,40"
 * (a comma before two last digits is a decimal comma). Anything else (a range, a word) is no price.
 */
function amountOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = cleanText(value, 40)?.replace(/\s/g, "");
  if (!text) return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return Number(text.replace(/,/g, ""));
  if (/^\d+,\d{1,2}$/.test(text)) return Number(text.replace(",", "."));
  return null;
}

/**
 * What a reservation costs everyone on it: schema.org `totalPrice` (a number, text, or a
 * PriceSpecification with its own `price` and `priceCurrency`), else `price`, else its ticket's,
 * in `priceCurrency`. No currency, no price: an amount is never guessed into one.
 */
function priceOf(reservation: Node): Price | undefined {
  const ticket = first(reservation, "reservedTicket");
  const holders = [reservation, ticket];
  for (const holder of holders)
    for (const key of ["totalPrice", "price"]) {
      const value = first(holder, key);
      if (value === undefined) continue;
      const specified = isNode(value) && !("@value" in value);
      const amount = amountOf(
        specified ? first(value, "price") : isNode(value) ? value["@value"] : value,
      );
      const currency = [specified ? first(value, "priceCurrency") : undefined]
        .concat(holders.map((h) => first(h, "priceCurrency")))
        .map((c) => cleanText(c, 10)?.toUpperCase())
        .find((c) => c !== undefined);
      const price = priceSchema.safeParse({ amount, currency });
      if (price.success) return price.data;
    }
  return undefined;
}

const priced = (reservation: Node) => {
  const totalPrice = priceOf(reservation);
  return totalPrice ? { totalPrice } : {};
};

const TRIPS: Record<
  string,
  { mode: TransportMode; from: string[]; to: string[]; number: string[]; company: string[] }
> = {
  FlightReservation: {
    mode: "flight",
    from: ["departureAirport"],
    to: ["arrivalAirport"],
    number: ["flightNumber"],
    company: ["airline", "provider"],
  },
  TrainReservation: {
    mode: "train",
    from: ["departureStation"],
    to: ["arrivalStation"],
    number: ["trainNumber"],
    company: ["trainCompany", "provider"],
  },
  BusReservation: {
    mode: "bus",
    from: ["departureBusStop", "departureStation"],
    to: ["arrivalBusStop", "arrivalStation"],
    number: ["busNumber"],
    company: ["busCompany", "provider"],
  },
  BoatReservation: {
    mode: "ferry",
    from: ["departureBoatTerminal"],
    to: ["arrivalBoatTerminal"],
    number: ["boatNumber"],
    company: ["provider"],
  },
};

const firstOf = (node: unknown, keys: string[]) =>
  keys.map((key) => first(node, key)).find((value) => value !== undefined);

function journeyOf(reservation: Node, type: string): JourneyDraft | null {
  const shape = TRIPS[type];
  if (!shape) return null;
  const trip = first(reservation, "reservationFor");
  const from = placeText(firstOf(trip, shape.from));
  const to = placeText(firstOf(trip, shape.to));
  const depart = timeOf(first(trip, "departureTime"));
  const arrive = timeOf(first(trip, "arrivalTime")) ?? depart;
  if (!from || !to || !depart || !arrive) return null;
  const company = firstOf(trip, shape.company);
  const code = textOf(first(company, "iataCode"), 10);
  const rawNumber = textOf(firstOf(trip, shape.number), 40);
  const number =
    rawNumber && code && !rawNumber.toUpperCase().startsWith(code.toUpperCase())
      ? `${code}${rawNumber}`
      : rawNumber;
  const seat = textOf(path(reservation, "reservedTicket", "ticketedSeat", "seatNumber"), 20);
  return {
    mode: shape.mode,
    from,
    to,
    depart,
    arrive,
    carrier: textOf(company, 100) ?? code,
    number,
    reference: textOf(first(reservation, "reservationNumber"), 100),
    notes: seat ? `Seat ${seat}` : null,
    ...priced(reservation),
  };
}

function addTo(reading: Reading, reservation: Node) {
  const types = typesOf(reservation);
  const status = textOf(first(reservation, "reservationStatus")) ?? "";
  // A cancelled booking is not a plan.
  if (/cancel/i.test(status)) return;
  const reference = textOf(first(reservation, "reservationNumber"), 100);
  const thing = first(reservation, "reservationFor");
  for (const type of types) {
    const journey = journeyOf(reservation, type);
    if (journey) {
      reading.journeys.push(journey);
      return;
    }
    if (type === "LodgingReservation") {
      const name = textOf(first(thing, "name"));
      const checkIn = timeOf(
        first(reservation, "checkinTime") ?? first(reservation, "checkinDate"),
      );
      const checkOut = timeOf(
        first(reservation, "checkoutTime") ?? first(reservation, "checkoutDate"),
      );
      if (!name || !checkIn) return;
      reading.stays.push({
        name,
        address: addressOf(first(thing, "address")),
        checkIn: checkIn.local.slice(0, 10),
        checkOut: (checkOut ?? checkIn).local.slice(0, 10),
        reference,
        ...priced(reservation),
      });
      return;
    }
    if (type === "EventReservation") {
      const name = textOf(first(thing, "name"));
      const start = timeOf(first(thing, "startDate") ?? first(reservation, "startTime"));
      if (!name || !start) return;
      const location = first(thing, "location");
      const where = [textOf(first(location, "name")), addressOf(first(location, "address"))]
        .filter(Boolean)
        .join(", ");
      reading.activities.push({
        start,
        end: timeOf(first(thing, "endDate") ?? first(reservation, "endTime")),
        activity: name,
        location: cleanText(where) ?? textOf(location),
        reference,
        kind: "event",
      });
      return;
    }
    if (type === "FoodEstablishmentReservation") {
      const name = textOf(first(thing, "name"));
      const start = timeOf(first(reservation, "startTime") ?? first(reservation, "startDate"));
      if (!name || !start) return;
      const party = textOf(first(reservation, "partySize"), 4);
      reading.activities.push({
        start,
        end: timeOf(first(reservation, "endTime")),
        activity: cleanText(party ? `Table for ${party} at ${name}` : `Table at ${name}`) ?? name,
        location: addressOf(first(thing, "address")) ?? name,
        reference,
        kind: "restaurant",
      });
      return;
    }
    if (type === "RentalCarReservation") {
      // A hired car is two moments of the plan, not a journey between two places.
      const company =
        textOf(first(thing, "rentalCompany")) ?? textOf(first(reservation, "provider"));
      const label = company ? `rental car (${company})` : "rental car";
      const pickup = timeOf(first(reservation, "pickupTime"));
      const dropoff = timeOf(first(reservation, "dropoffTime"));
      const at = (place: unknown) => placeText(place) ?? addressOf(first(place, "address"));
      if (pickup)
        reading.activities.push({
          start: pickup,
          activity: `Pick up ${label}`,
          location: at(first(reservation, "pickupLocation")),
          reference,
          kind: "car",
        });
      if (dropoff)
        reading.activities.push({
          start: dropoff,
          activity: `Return ${label}`,
          location: at(first(reservation, "dropoffLocation")),
          reference,
          kind: "car",
        });
      return;
    }
  }
}

const MAX_NODES = 2_000;
/** Values of any kind looked at (strings, numbers, arrays too): a list of a million is not walked. */
const MAX_VALUES = 20_000;

/**
 * Every reservation in JSON-LD values or microdata items: one object, an array, `@graph`, or
 * nested anywhere (an Order's `acceptedOffer`…), at most MAX_NODES objects and MAX_VALUES values
 * visited, breadth first through an index (never `shift()` on a long queue).
 */
export function readReservations(values: unknown[]): Reading {
  const reading = emptyReading();
  const queue: unknown[] = [];
  const enqueue = (value: unknown) => {
    if (queue.length < MAX_VALUES) queue.push(value);
  };
  values.forEach(enqueue);
  let visited = 0;
  for (let at = 0; at < queue.length && visited < MAX_NODES; at++) {
    const value = queue[at];
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) {
        if (queue.length >= MAX_VALUES) break;
        enqueue(item);
      }
      continue;
    }
    if (!isNode(value)) continue;
    visited += 1;
    if (typesOf(value).some((t) => t.endsWith("Reservation"))) {
      addTo(reading, value);
      continue;
    }
    for (const key in value) {
      if (queue.length >= MAX_VALUES) break;
      if (key !== "@context" && Object.hasOwn(value, key)) enqueue(value[key]);
    }
  }
  return reading;
}
