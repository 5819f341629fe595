import { expect, test, type Page } from "@playwright/test";
import { expectAxeClean } from "./support/axe.ts";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { createTrip } from "./support/trips.ts";

/*
 * A location typed without picking from the list is matched to OpenStreetMap when it is saved, with
 * the generation's matcher: a name only one place has (the Panthéon) gets its pin, hours and link;
 * one several places could be ("Musée") is offered as "Did you mean …", and the choice becomes the
 * activity's place. Places come from the stack's loopback Overpass (Paris: the Louvre is way/1001,
 * Musée d'Orsay node/1002, the Panthéon way/1060).
 */

/** One day, Wednesday 30 December 2026: the Louvre and the Panthéon are open. */
const PARIS_DAY = {
  destination: "Paris",
  startDate: "2026-12-30",
  endDate: "2026-12-30",
  interests: ["Culture & Arts"],
};

type StoredActivity = {
  activity: string;
  location: string;
  osmId: string | null;
  lat: number | null;
  lng: number | null;
  openingHours: string | null;
  website: string | null;
};
async function storedActivity(page: Page, id: string, name: string) {
  const res = await page.request.get(`/api/trips/${id}`);
  expect(res.ok()).toBe(true);
  const trip = (await res.json()) as {
    trip: { itinerary: { days: { activities: StoredActivity[] }[] } };
  };
  return trip.trip.itinerary.days.flatMap((d) => d.activities).find((a) => a.activity === name);
}

const dayList = (page: Page) => page.getByRole("list", { name: /^Activities of Day/ });
const itemOf = (page: Page, heading: string) =>
  dayList(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: heading, level: 3 }) });
const marker = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Trip map" })
    .getByRole("button", { name: new RegExp(`^\\d+\\. ${name}$`) });
const saved = (page: Page) =>
  expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

/** Edits the nth activity of the day: a new name and a location typed, never picked from the list. */
async function typeLocation(page: Page, nth: number, name: string, location: string) {
  await dayList(page)
    .getByRole("button", { name: /^Edit / })
    .nth(nth)
    .click();
  const form = page.getByRole("form", { name: /^Edit / });
  await form.getByLabel("Activity").fill(name);
  const field = form.getByRole("combobox", { name: "Location" });
  await field.fill(location);
  // The list offers places; the traveller closes it and saves what they typed.
  await expect(field).toHaveAttribute("aria-expanded", "true");
  await field.press("Escape");
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await expect(form.getByText(/^On OpenStreetMap:/)).toHaveCount(0);
  await form.getByRole("button", { name: "Save activity" }).click();
  await saved(page);
}

test("typed locations get their place back: the Panthéon at once, “Musée” after a choice", async ({
  page,
  baseURL,
}) => {
  // Many saves and proposals on two shared cores: more than the default minute.
  test.slow();
  await signUpByApi(page, baseURL!, "Places Editor", freshEmail("edited-places"));
  const { id } = await createTrip(page, baseURL!, PARIS_DAY);
  await page.goto(`/trips/${id}`);
  await expect(page.getByRole("heading", { name: "Paris", level: 1 })).toBeVisible();

  // One place has that name: matched on save, with its link, hours, website and pin.
  await typeLocation(page, 0, "Pantheon visit", "Panthéon");
  const pantheon = itemOf(page, "Pantheon visit");
  await expect(pantheon.getByRole("link", { name: /^On OpenStreetMap/ })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/way/1060",
  );
  await expect(pantheon.getByText("Open 10:00–18:00 on Wed 30 Dec")).toBeVisible();
  await expect(pantheon.getByRole("link", { name: /Website of Pantheon visit/ })).toHaveAttribute(
    "href",
    "https://www.paris-pantheon.fr/",
  );
  await expect(pantheon.getByText("Not found on OpenStreetMap")).toHaveCount(0);
  await expect(marker(page, "Pantheon visit")).toBeVisible();
  await expect(page.getByRole("region", { name: /^Did you mean/ })).toHaveCount(0);
  expect(await storedActivity(page, id, "Pantheon visit")).toMatchObject({
    location: "Panthéon",
    osmId: "way/1060",
    lat: 48.8462,
    lng: 2.3464,
  });

  // Several places could be “Musée”: saved as typed, and the page asks which one.
  await typeLocation(page, 1, "Museum morning", "Musée");
  const museum = itemOf(page, "Museum morning");
  await expect(museum.getByText("Not found on OpenStreetMap")).toBeVisible();
  await expect(
    museum.getByRole("button", { name: "Place “Museum morning” on the map" }),
  ).toBeVisible();
  await expect(marker(page, "Museum morning")).toHaveCount(0);
  const question = page.getByRole("region", {
    name: "Did you mean one of these for “Musée”?",
  });
  await expect(question).toBeVisible();
  await expect(
    question.getByRole("heading", { name: "Did you mean one of these for “Musée”?" }),
  ).toBeVisible();
  await expect(question).toContainText(
    "Museum morning: several places on OpenStreetMap match, so none was chosen.",
  );
  await expect(question.getByRole("button", { name: /^Musée d'Orsay · museum/ })).toBeVisible();
  await expect(question.getByRole("button", { name: "Keep as typed" })).toBeVisible();
  await expectAxeClean(page, "place choices");

  // Choosing the Louvre makes it the activity's place: link, hours, website and a pin on the map.
  await question.getByRole("button", { name: /^Musée du Louvre · museum/ }).click();
  await expect(question).toBeHidden();
  await saved(page);
  await expect(museum.getByRole("link", { name: /^On OpenStreetMap/ })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/way/1001",
  );
  await expect(museum.getByText("Open 09:00–18:00 on Wed 30 Dec")).toBeVisible();
  await expect(museum.getByRole("link", { name: /Website of Museum morning/ })).toHaveAttribute(
    "href",
    "https://www.louvre.fr/",
  );
  await expect(museum.getByText("Location: Musée du Louvre")).toBeVisible();
  await expect(
    museum.getByRole("button", { name: "Show “Museum morning” on the map" }),
  ).toBeVisible();
  await expect(marker(page, "Museum morning")).toBeVisible();
  expect(await storedActivity(page, id, "Museum morning")).toMatchObject({
    location: "Musée du Louvre",
    osmId: "way/1001",
    lat: 48.8611,
    lng: 2.3358,
    openingHours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
    website: "https://www.louvre.fr/",
  });

  // After a reload the place is still there (it was saved, not only shown).
  await page.reload();
  await expect(
    itemOf(page, "Museum morning").getByRole("link", { name: /^On OpenStreetMap/ }),
  ).toHaveAttribute("href", "https://www.openstreetmap.org/way/1001");
});

test("“Keep as typed” leaves the location unmatched and asks no more", async ({
  page,
  baseURL,
}) => {
  // A plan and two saves took 21–41 s on two shared cores: room beyond the default minute.
  test.slow();
  await signUpByApi(page, baseURL!, "Places Editor", freshEmail("edited-places"));
  const { id } = await createTrip(page, baseURL!, PARIS_DAY);
  await page.goto(`/trips/${id}`);
  await typeLocation(page, 0, "Some museum", "Musée");
  const question = page.getByRole("region", {
    name: "Did you mean one of these for “Musée”?",
  });
  await question.getByRole("button", { name: "Keep as typed" }).click();
  await expect(question).toBeHidden();
  const item = itemOf(page, "Some museum");
  await expect(item.getByText("Not found on OpenStreetMap")).toBeVisible();
  expect(await storedActivity(page, id, "Some museum")).toMatchObject({
    location: "Musée",
    osmId: null,
  });
});
