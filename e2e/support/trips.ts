import { expect, type Page } from "@playwright/test";

type StoredActivity = {
  id: string;
  activity: string;
  time: string;
  description: string;
  cost: number | null;
};
export type StoredTrip = {
  id: string;
  version: number;
  itinerary: { days: { date: string; activities: StoredActivity[] }[] };
  stays: { name: string }[];
  transport: { reference: string | null }[];
};

/** What POST /api/trips is asked for: createTrip's Lisbon trip unless told otherwise. */
export type TripRequestBody = {
  destination: string;
  startDate: string;
  endDate: string;
  budget: number;
  travelStyle: string;
  interests: string[];
  /** Several cities with their nights (several-stops specs); one city when left out. */
  stops?: { destination: string; nights: number }[];
};

/**
 * A 3-day Lisbon trip (Mon 3 – Wed 5 May 2027) from the fake model, owned by the page's user: every
 * day is Activity 1 (09:00), 2 (13:00), 3 (17:00), the names and times the editor specs read.
 * `request` changes what is asked for (another destination, dates or interests).
 */
export async function createTrip(
  page: Page,
  baseURL: string,
  request: Partial<TripRequestBody> = {},
): Promise<StoredTrip> {
  const res = await page.request.post("/api/trips", {
    data: {
      destination: "Lisbon",
      startDate: "2027-05-03",
      endDate: "2027-05-05",
      budget: 1500,
      travelStyle: "comfort",
      interests: ["History"],
      ...request,
    } satisfies TripRequestBody,
    headers: { Origin: baseURL, Accept: "application/json" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { trip: StoredTrip }).trip;
}

/** The trip as the server has it now, as the page's user sees it. */
export async function storedTrip(page: Page, id: string): Promise<StoredTrip> {
  const res = await page.request.get(`/api/trips/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { trip: StoredTrip }).trip;
}

/**
 * Names the first day's activities (in order) through the API, as an edit: the model's own names
 * follow the places it was offered, and a spec needs names it can read back.
 */
export async function nameFirstDay(
  page: Page,
  baseURL: string,
  trip: StoredTrip,
  names: readonly string[],
): Promise<StoredTrip> {
  const [first, ...rest] = trip.itinerary.days;
  expect(first?.activities.length).toBe(names.length);
  const days = [
    { ...first!, activities: first!.activities.map((a, i) => ({ ...a, activity: names[i]! })) },
    ...rest,
  ];
  const res = await page.request.patch(`/api/trips/${trip.id}`, {
    data: { version: trip.version, itinerary: { days } },
    headers: { Origin: baseURL },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { trip: StoredTrip }).trip;
}
