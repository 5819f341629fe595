import { expect, test, type Page } from "@playwright/test";
import { expectAxeClean } from "./support/axe.ts";
import { stackPorts } from "./support/stack-ports.ts";
import { shareTrip } from "./support/share.ts";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { createTrip } from "./support/trips.ts";

// Real places on: the stack's Overpass fake serves OpenStreetMap-like places around Paris (the
// Louvre, way/1001: closed on Tuesdays, otherwise 09:00–18:00; Musée d'Orsay, node/1002: closed on
// Mondays, from 09:30). Its faults are scripted through the stack's control port.
const overpassControl = `http://127.0.0.1:${stackPorts().overpass}/__fake`;

async function overpassFails(page: Page, kind: "busy" | null) {
  const res = await page.request.post(`${overpassControl}/failure`, { data: { kind } });
  expect(res.status()).toBe(204);
}

/** Day 1 is Tuesday 29 December 2026 (the Louvre's closing day), day 2 Wednesday 30 December. */
const TWO_DAYS = { startDate: "2026-12-29", endDate: "2026-12-30", interests: ["Culture & Arts"] };

type StoredTrip = {
  grounding: { status: string; reason: string | null };
  itinerary: {
    days: {
      activities: {
        activity: string;
        location: string;
        time: string;
        osmId: string | null;
        openingHours: string | null;
        website: string | null;
        lat: number | null;
        lng: number | null;
      }[];
    }[];
  };
};
async function storedTrip(page: Page, id: string) {
  const res = await page.request.get(`/api/trips/${id}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { trip: StoredTrip }).trip;
}
const foundLine = (trip: StoredTrip) => {
  const all = trip.itinerary.days.flatMap((d) => d.activities);
  const found = all.filter((a) => a.osmId !== null).length;
  return `${found} of ${all.length} ${all.length === 1 ? "place" : "places"} found on OpenStreetMap`;
};

const dayList = (page: Page) => page.getByRole("list", { name: /^Activities of Day/ });
const itemOf = (page: Page, heading: string) =>
  dayList(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: heading, level: 3 }) });
const saved = (page: Page) =>
  expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

/** Edits the first activity of the shown day: picks `search`'s first place by keyboard, sets the time. */
async function pickPlaceByKeyboard(
  page: Page,
  { name, search, place, time }: { name: string; search: string; place: string; time: string },
) {
  await dayList(page)
    .getByRole("button", { name: /^Edit / })
    .first()
    .click();
  const form = page.getByRole("form", { name: /^Edit / });
  await form.getByLabel("Activity").fill(name);
  const location = form.getByRole("combobox", { name: "Location" });
  await location.fill(search);
  const listbox = form.getByRole("listbox");
  const option = listbox.getByRole("option", { name: new RegExp(`^${place}`) });
  await expect(option).toBeVisible();
  await expect(location).toHaveAttribute("aria-expanded", "true");
  await location.press("ArrowDown");
  await expect(form.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  const activeId = await form.getByRole("option").first().getAttribute("id");
  await expect(location).toHaveAttribute("aria-activedescendant", activeId!);
  await location.press("Enter");
  // Enter picked the place (the form is still open): the name is in the field, the list is closed.
  await expect(location).toHaveValue(place);
  await expect(location).toHaveAttribute("aria-expanded", "false");
  await expect(form.getByText(`On OpenStreetMap: ${place}`)).toBeVisible();
  await form.getByLabel("Time").fill(time);
  await form.getByRole("button", { name: "Save activity" }).click();
  await saved(page);
}

test.describe("Real places", () => {
  test("a place picked by keyboard gets its OSM link, hours, website and closed warning; attribution and header follow", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Places Tester", freshEmail("places"));
    const { id } = await createTrip(page, baseURL!, { ...TWO_DAYS, destination: "Paris" });
    await page.goto(`/trips/${id}`);
    await expect(page.getByRole("heading", { name: "Paris", level: 1 })).toBeVisible();

    await pickPlaceByKeyboard(page, {
      name: "Louvre visit",
      search: "Louvre",
      place: "Musée du Louvre",
      time: "10:00",
    });
    const louvre = itemOf(page, "Louvre visit");
    const osm = louvre.getByRole("link", { name: /^On OpenStreetMap/ });
    await expect(osm).toHaveAttribute("href", "https://www.openstreetmap.org/way/1001");
    const website = louvre.getByRole("link", { name: /Website of Louvre visit/ });
    await expect(website).toHaveAttribute("href", "https://www.louvre.fr/");
    await expect(website).toHaveAttribute("rel", "noopener noreferrer nofollow");
    // Tuesday: closed all day, and said so beside the activity.
    await expect(louvre.getByText("Closed on Tue 29 Dec")).toBeVisible();
    await expect(
      louvre.getByText("Musée du Louvre is closed at 10:00 on Tuesday, 29 December"),
    ).toBeVisible();

    // The PATCH carried the picked place.
    let trip = await storedTrip(page, id);
    expect(
      trip.itinerary.days[0]!.activities.find((a) => a.activity === "Louvre visit"),
    ).toMatchObject({
      location: "Musée du Louvre",
      osmId: "way/1001",
      website: "https://www.louvre.fr/",
      openingHours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
      lat: 48.8611,
      lng: 2.3358,
    });

    // The header counts the itinerary as it is now, with OpenStreetMap's attribution.
    const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(header.getByText(foundLine(trip))).toBeVisible();
    await expect(
      header.getByRole("link", { name: "© OpenStreetMap contributors" }),
    ).toHaveAttribute("href", "https://www.openstreetmap.org/copyright");

    // Musée d'Orsay opens at 09:30: at 09:00 it is closed; moving it to 10:00 clears the warning.
    await dayList(page)
      .getByRole("button", { name: /^Edit / })
      .nth(1)
      .click();
    let form = page.getByRole("form", { name: /^Edit / });
    await form.getByLabel("Activity").fill("Orsay visit");
    const location = form.getByRole("combobox", { name: "Location" });
    await location.fill("Orsay");
    await expect(form.getByRole("option", { name: /^Musée d'Orsay/ })).toBeVisible();
    await location.press("ArrowDown");
    await location.press("Enter");
    await form.getByLabel("Time").fill("09:00");
    await form.getByRole("button", { name: "Save activity" }).click();
    await saved(page);
    const orsay = itemOf(page, "Orsay visit");
    await expect(orsay.getByText("Open 09:30–18:00 on Tue 29 Dec")).toBeVisible();
    await expect(
      orsay.getByText("Musée d'Orsay is closed at 09:00 on Tuesday, 29 December"),
    ).toBeVisible();
    await expect(orsay.getByRole("link", { name: /^On OpenStreetMap/ })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/node/1002",
    );
    await orsay.getByRole("button", { name: "Edit Orsay visit" }).click();
    form = page.getByRole("form", { name: "Edit Orsay visit" });
    await form.getByLabel("Time").fill("10:00");
    await form.getByRole("button", { name: "Save activity" }).click();
    await saved(page);
    await expect(orsay.getByText(/is closed at/)).toHaveCount(0);
    trip = await storedTrip(page, id);
    await expect(header.getByText(foundLine(trip))).toBeVisible();

    // The map's credit links OpenStreetMap's copyright page too.
    await expect(
      page.locator(
        '.leaflet-control-attribution a[href="https://www.openstreetmap.org/copyright"]',
      ),
    ).toBeVisible();
    await expectAxeClean(page, "trip page with real places");

    // The same on the shared page and in print.
    await page.goto(await shareTrip(page.request, id, baseURL!));
    const sharedLouvre = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Louvre visit" }) });
    await expect(sharedLouvre.getByRole("link", { name: /^On OpenStreetMap/ })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/way/1001",
    );
    await expect(sharedLouvre.getByText("Closed on Tue 29 Dec")).toBeVisible();
    await expect(
      sharedLouvre.getByText("Musée du Louvre is closed at 10:00 on Tuesday, 29 December"),
    ).toBeVisible();
    await expect(page.getByText(foundLine(trip))).toBeVisible();
    await expect(
      page.getByRole("link", { name: "© OpenStreetMap contributors" }).first(),
    ).toHaveAttribute("href", "https://www.openstreetmap.org/copyright");
    await expectAxeClean(page, "shared trip with real places");

    await page.goto(`/trips/${id}/print`);
    await expect(page.getByText("Closed on Tue 29 Dec")).toBeVisible();
    await expect(page.getByRole("link", { name: "© OpenStreetMap contributors" })).toBeVisible();
  });

  test("the location combobox: Escape closes the list, no results and an unavailable service are said, free text stays", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Places Tester", freshEmail("places"));
    const { id } = await createTrip(page, baseURL!, { ...TWO_DAYS, destination: "Paris" });
    await page.goto(`/trips/${id}`);
    await dayList(page)
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    const form = page.getByRole("form", { name: /^Edit / });
    const location = form.getByRole("combobox", { name: "Location" });
    await expect(location).toHaveAttribute("aria-expanded", "false");

    await location.fill("Musée");
    await expect(form.getByRole("option")).not.toHaveCount(0);
    await expectAxeClean(page, "location combobox open");
    await location.press("Escape");
    await expect(location).toHaveAttribute("aria-expanded", "false");
    // Only the list closed: the form is still open.
    await expect(form).toBeVisible();

    await location.fill("Zzyzx nowhere");
    await expect(
      form.getByText("No places found for “Zzyzx nowhere”. You can still type any location."),
    ).toBeVisible();

    await overpassFails(page, "busy");
    try {
      await location.fill("Sainte-Chapelle du quartier");
      await expect(
        form.getByText("Places are unavailable right now. You can still type any location."),
      ).toBeVisible({ timeout: 20_000 });
    } finally {
      await overpassFails(page, null);
    }

    // Free text is kept as typed, with no place.
    await location.fill("My friend's flat");
    await form.getByRole("button", { name: "Save activity" }).click();
    await saved(page);
    const trip = await storedTrip(page, id);
    expect(trip.itinerary.days[0]!.activities[0]).toMatchObject({
      location: "My friend's flat",
      osmId: null,
      openingHours: null,
      website: null,
    });
    // On a checked trip, an activity with no place says so, and the count follows.
    const first = dayList(page).getByRole("listitem").first();
    await expect(first.getByText("Not found on OpenStreetMap")).toBeVisible();
    await expect(first.getByRole("link", { name: /^On OpenStreetMap/ })).toHaveCount(0);
    await expect(page.getByText(foundLine(trip))).toBeVisible();
  });

  test("when OpenStreetMap is busy, the trip is saved and its page says why", async ({
    page,
    baseURL,
  }) => {
    await signUpByApi(page, baseURL!, "Places Tester", freshEmail("places"));
    await overpassFails(page, "busy");
    // Oslo: located by the geocoder, never asked of Overpass before (nothing cached).
    const { id } = await createTrip(page, baseURL!, { ...TWO_DAYS, destination: "Oslo" }).finally(
      () => overpassFails(page, null),
    );
    const trip = await storedTrip(page, id);
    expect(trip.grounding.status).toBe("unavailable");
    await page.goto(`/trips/${id}`);
    await expect(
      page.getByText(
        "Planned without real places: Real places could not be reached (the OpenStreetMap service was too busy to answer), so the places of this plan could not be checked on OpenStreetMap.",
      ),
    ).toBeVisible();
    // Nothing was looked up: no "not found" on each activity, no places count.
    await expect(page.getByText("Not found on OpenStreetMap")).toHaveCount(0);
    await expect(page.getByText(/places? found on OpenStreetMap/)).toHaveCount(0);
    await expectAxeClean(page, "trip planned without real places");
  });
});
