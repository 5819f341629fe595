import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";

async function signUp(page: Page, baseURL: string) {
  await signUpByApi(page, baseURL, "Looks Tester", freshEmail("looks"));
}

/** A Paris trip: the stack's Overpass fake has real places there, so the map has stops. */
async function createTrip(page: Page, baseURL: string) {
  const res = await page.request.post("/api/trips", {
    data: {
      destination: "Paris",
      startDate: "2027-05-01",
      endDate: "2027-05-02",
      budget: 1500,
      travelStyle: "comfort",
      interests: ["History"],
    },
    headers: { Origin: baseURL, Accept: "application/json" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { trip: { id: string } }).trip.id;
}

async function storedTrip(page: Page, id: string) {
  const res = await page.request.get(`/api/trips/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { trip: { name: string; destination: string; version: number } })
    .trip;
}

test("the header has one primary action and a menu that works by keyboard; Trip name renames", async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL!);
  const id = await createTrip(page, baseURL!);
  await page.goto(`/trips/${id}`);
  await expect(page.getByRole("heading", { name: "Paris", level: 1 })).toBeVisible();
  const header = page.getByRole("banner").or(page.locator("main header"));
  // One primary action beside the menu; the other tools are not buttons of their own.
  await expect(page.getByRole("button", { name: "Share Trip" })).toBeVisible();
  for (const name of ["Delete Trip", "Duplicate with new dates", "Edit details"])
    await expect(header.getByRole("button", { name, exact: true })).toHaveCount(0);
  const before = await storedTrip(page, id);

  const more = page.getByRole("button", { name: "More actions" });
  await more.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText([
    "Edit details",
    "Rename trip",
    "Plan a similar trip",
    "Add to calendar",
    "Print",
    "Duplicate with new dates",
    "Delete Trip",
  ]);
  await expectAxeClean(page, "trip menu open");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Rename trip" })).toBeFocused();
  await page.keyboard.press("Enter");
  const field = page.getByLabel("Trip name");
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("Paris");
  await field.fill("Spring in Paris");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Spring in Paris", level: 1 })).toBeVisible();
  // The name is the trip's own; the destination the planner searches stays.
  await expect(page.getByText("Paris", { exact: true })).toBeVisible();
  await expect(more).toBeFocused();
  await expect.poll(async () => (await storedTrip(page, id)).name).toBe("Spring in Paris");
  const after = await storedTrip(page, id);
  expect(after.destination).toBe("Paris");
  expect(after.version).toBe(before.version + 1);

  // The last item by keyboard opens the delete dialog, which sits above the assistant's button.
  await page.keyboard.press("Enter");
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Delete Trip" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this trip?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAxeClean(page, "delete dialog from the menu");
  const launcher = page.getByRole("button", { name: "Open Boundless Assistant" });
  const box = (await launcher.boundingBox())!;
  // What a click at the button's centre would hit: the dialog's backdrop, not the button.
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.getAttribute("aria-label") ?? "",
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(hit).not.toBe("Open Boundless Assistant");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();
});

test("the map is tall beside the list on a desktop and edge to edge on a phone", async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL!);
  const id = await createTrip(page, baseURL!);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/trips/${id}`);
  const canvas = page.getByTestId("trip-map-canvas");
  await expect(canvas).toBeVisible();
  const desktop = (await canvas.boundingBox())!;
  expect(desktop.height).toBeGreaterThanOrEqual(600);
  expect(desktop.width).toBeGreaterThanOrEqual(350);
  // Sticky: after scrolling down the list, the map is still in view.
  await page.mouse.wheel(0, 600);
  await expect(canvas).toBeInViewport();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/trips/${id}`);
  await expect(canvas).toBeVisible();
  const phone = (await canvas.boundingBox())!;
  expect(Math.round(phone.x)).toBe(0);
  expect(Math.round(phone.width)).toBe(390);
  expect(phone.height).toBeGreaterThanOrEqual(288);
  await expectAxeClean(page, "trip page on a phone");
});

test("on a phone the assistant's button leaves room: the page ends below it", async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL!);
  const id = await createTrip(page, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/trips/${id}`);
  const launcher = page.getByRole("button", { name: "Open Boundless Assistant" });
  await expect(launcher).toBeEnabled();
  const box = (await launcher.boundingBox())!;
  const room = await page
    .locator("main")
    .evaluate((main) => parseFloat(getComputedStyle(main).paddingBottom));
  // The page's last line can scroll above the button: the bottom padding is taller than what the
  // button covers from the bottom of the screen.
  expect(room).toBeGreaterThan(844 - box.y);
});

test("My Trips cards show a small picture of the trip's places and its status in words", async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL!);
  await createTrip(page, baseURL!);
  await page.goto("/trips");
  const card = page.getByRole("main").getByRole("listitem").first();
  const picture = card.getByRole("img", { name: /^Map of \d+ places in Paris$/ });
  await expect(picture).toBeVisible();
  expect(await picture.locator("circle").count()).toBeGreaterThan(1);
  await expect(card).toContainText("Plan ready");
  await expectAxeClean(page, "/trips with pictures");
});
