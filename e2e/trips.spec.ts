import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";

/** A fresh user, signed in inside this page's browser context (the cookie lands in its jar). */
async function signUp(page: Page, baseURL: string) {
  return signUpByApi(page, baseURL, "Trip Tester", freshEmail("trips"));
}

type NewTrip = {
  destination: string;
  startDate: string;
  endDate: string;
  budget: number;
  travelStyle: "luxury" | "comfort" | "budget";
};

/** Plans a trip through the real API (the offline planner in the e2e stack). */
async function createTrip(page: Page, baseURL: string, trip: NewTrip) {
  const res = await page.request.post("/api/trips", {
    data: { ...trip, interests: ["History"] },
    headers: { Origin: baseURL, Accept: "application/json" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { trip: { id: string } };
  return body.trip.id;
}

const cards = (page: Page) => page.getByRole("main").getByRole("listitem");

test.describe("My Trips", () => {
  test("filters live in the URL; empty result offers Clear Filters", async ({ page, baseURL }) => {
    await signUp(page, baseURL!);
    const lisbon = {
      destination: "Lisbon",
      startDate: "2027-05-01",
      endDate: "2027-05-03",
      budget: 1500,
      travelStyle: "comfort",
    } as const;
    await createTrip(page, baseURL!, lisbon);
    await createTrip(page, baseURL!, {
      ...lisbon,
      destination: "Kyoto",
      budget: 4000,
      travelStyle: "luxury",
    });
    await createTrip(page, baseURL!, {
      ...lisbon,
      destination: "Lima",
      budget: 800,
      travelStyle: "budget",
    });

    await page.goto("/trips");
    await expect(page.getByRole("heading", { name: "My Trips", level: 1 })).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    // Newest first by default.
    await expect(cards(page).first()).toContainText("Lima");
    await expect(cards(page).first()).toContainText("Budget");
    await expect(cards(page).first()).toContainText("$800");
    // The status in a traveller's words, and a small picture of the trip drawn from its places.
    await expect(cards(page).first()).toContainText("Plan ready");
    await expect(cards(page).first()).not.toContainText("generated");
    await expect(cards(page).first().getByRole("img", { name: /Lima/ })).toBeVisible();
    await expectAxeClean(page, "/trips");

    await page.getByLabel("Sort by").selectOption("budget_desc");
    await expect(page).toHaveURL(/sort=budget_desc/);
    await expect(cards(page).first()).toContainText("Kyoto");
    await expect(cards(page).last()).toContainText("Lima");

    await page.getByLabel("Search trips").fill("li");
    await expect(page).toHaveURL(/q=li/);
    await expect(cards(page)).toHaveCount(2);
    await page.getByLabel("Travel style").selectOption("budget");
    await expect(page).toHaveURL(/style=budget/);
    await expect(cards(page)).toHaveCount(1);

    // Reload keeps every filter, in the URL and in the controls.
    await page.reload();
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByLabel("Search trips")).toHaveValue("li");
    await expect(page.getByLabel("Travel style")).toHaveValue("budget");
    await expect(page.getByLabel("Sort by")).toHaveValue("budget_desc");

    // Into a trip and back: the list comes back filtered.
    await page.getByRole("link", { name: "Lima" }).click();
    await expect(page.getByRole("heading", { name: "Lima", level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/q=li/);
    await expect(cards(page)).toHaveCount(1);

    await page.getByLabel("Min budget (USD)").fill("1000");
    await page.getByLabel("Min budget (USD)").press("Enter");
    await expect(page).toHaveURL(/minBudget=1000/);
    await expect(page.getByText("No trips match your filters.")).toBeVisible();
    await expectAxeClean(page, "/trips empty result");

    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(cards(page)).toHaveCount(3);
    await expect(page).not.toHaveURL(/q=|style=|minBudget=/);
    await expect(page.getByLabel("Search trips")).toHaveValue("");
    await expect(page.getByLabel("Min budget (USD)")).toHaveValue("");
  });

  test("filters whose check cannot be loaded say so, and Try again loads the list", async ({
    page,
    baseURL,
  }) => {
    await signUp(page, baseURL!);
    await createTrip(page, baseURL!, {
      destination: "Lisbon",
      startDate: "2027-05-01",
      endDate: "2027-05-03",
      budget: 1500,
      travelStyle: "comfort",
    });
    // The list's schema module comes with the first filtered view (filters-url.ts): the connection
    // drops just then.
    let offline = true;
    let refused = 0;
    await page.route(/\/assets\/trip-list-[\w-]+\.js$/, (route) => {
      if (!offline) return route.continue();
      refused += 1;
      return route.abort("internetdisconnected");
    });
    await page.goto("/trips?q=lis");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Failed to load trips", { timeout: 15_000 });
    expect(refused).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(0);
    // Nothing typed is lost: the filter stays in the URL and in its control.
    await expect(page.getByLabel("Search trips")).toHaveValue("lis");
    await expectAxeClean(page, "/trips filters not checked");

    offline = false;
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Lisbon");
  });

  test("a first-time user is invited to plan a trip", async ({ page, baseURL }) => {
    await signUp(page, baseURL!);
    await page.goto("/trips");
    await expect(page.getByRole("heading", { name: "No trips yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Plan your first trip" })).toHaveAttribute(
      "href",
      "/",
    );
    await expectAxeClean(page, "/trips first visit");
  });
});

test.describe("Trip detail", () => {
  test("switches days and deletes after confirmation", async ({ page, baseURL }) => {
    await signUp(page, baseURL!);
    const id = await createTrip(page, baseURL!, {
      destination: "Porto",
      startDate: "2027-06-10",
      endDate: "2027-06-12",
      budget: 900,
      travelStyle: "comfort",
    });

    await page.goto(`/trips/${id}`);
    await expect(page.getByRole("heading", { name: "Porto", level: 1 })).toBeVisible();
    await expect(page.getByText("Jun 10, 2027 – Jun 12, 2027")).toBeVisible();
    await expect(page.getByText("$900", { exact: true })).toBeVisible();
    const days = page.getByRole("navigation", { name: "Days" }).getByRole("button");
    await expect(days).toHaveCount(3);
    await expect(days.nth(0)).toHaveAttribute("aria-pressed", "true");
    await expect(
      page.getByRole("heading", { level: 2, name: /^Day 1 · Thu, Jun 10/ }),
    ).toBeVisible();
    await expect(page.getByText(/^Day total: \$/)).toBeVisible();
    await expectAxeClean(page, "/trips/:id");
    // One primary action; the rest in a menu (opened here by keyboard, see the header spec).
    await page.getByRole("button", { name: "More actions" }).click();
    await expect(page.getByRole("menuitem", { name: "Plan a similar trip" })).toBeVisible();
    await page.keyboard.press("Escape");

    await days.nth(1).click();
    await expect(days.nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(days.nth(0)).toHaveAttribute("aria-pressed", "false");
    await expect(
      page.getByRole("heading", { level: 2, name: /^Day 2 · Fri, Jun 11/ }),
    ).toBeVisible();
    await expect(page).toHaveURL(/day=2/);

    // Cancel leaves the trip alone.
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Delete Trip" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this trip?" });
    await expect(dialog).toBeVisible();
    await expectAxeClean(page, "delete dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Delete Trip" }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL(/\/trips$/);
    await expect(page.getByRole("heading", { name: "No trips yet" })).toBeVisible();

    await page.goto(`/trips/${id}`);
    await expect(page.getByRole("heading", { name: "Trip not found" })).toBeVisible();
    await expectAxeClean(page, "trip not found");
  });

  test("the trip is asked for with the page, not after the session check", async ({
    page,
    baseURL,
  }) => {
    await signUp(page, baseURL!);
    const id = await createTrip(page, baseURL!, {
      destination: "Ghent",
      startDate: "2027-06-20",
      endDate: "2027-06-21",
      budget: 700,
      travelStyle: "comfort",
    });
    // The session's answer is held until the trip has been asked for (or 5 s have passed): with the
    // trip waiting for the session, as it did, the trip's request would come only after the hold.
    let tripAsked!: () => void;
    const tripRequested = new Promise<void>((resolve) => (tripAsked = resolve));
    const tripRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === `/api/trips/${id}`) {
        tripRequests.push(request.url());
        tripAsked();
      }
    });
    let askedDuringHold = false;
    await page.route("**/api/auth/get-session", async (route) => {
      askedDuringHold = await Promise.race([
        tripRequested.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
      ]);
      await route.continue();
    });
    await page.goto(`/trips/${id}`);
    // The editor, not the heading: the server's page shell shows the heading before any request.
    await expect(page.getByRole("button", { name: "More actions" })).toBeVisible();
    expect(askedDuringHold).toBe(true);
    // Asked once: the page's own query was handed the early answer.
    expect(tripRequests).toHaveLength(1);
  });

  test("a trip's page and My Trips show their top before the app's code has run", async ({
    page,
    baseURL,
  }) => {
    await signUp(page, baseURL!);
    const destination = `Antwerp <3 & "co"`;
    const id = await createTrip(page, baseURL!, {
      destination,
      startDate: "2027-06-20",
      endDate: "2027-06-21",
      budget: 700,
      travelStyle: "comfort",
    });
    // The app's code is held back: what shows meanwhile is the server's page shell.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    for (const [url, heading] of [
      [`/trips/${id}`, destination],
      ["/trips", "My Trips"],
    ] as const) {
      await page.goto(url, { waitUntil: "domcontentloaded" });
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole("status")).toHaveText("Loading...");
      await expect(page.getByRole("link", { name: "Profile" })).toBeVisible();
      await expect(page.locator("#root")).toBeHidden();
    }
    release();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(destination);
    await expect(page.locator("#page-shell")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "My Trips", level: 1 })).toHaveCount(1);
    // The trip's page: the editor takes the shell's place, one heading at a time.
    await page.goto(`/trips/${id}`);
    await expect(page.getByRole("button", { name: "More actions" })).toBeVisible();
    await expect(page.locator("#page-shell")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: destination, level: 1 })).toHaveCount(1);
    await expectAxeClean(page);
  });

  test("signed out, a trip's link leads through Login back to the trip", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = await signUp(page, baseURL!);
    const id = await createTrip(page, baseURL!, {
      destination: "Bruges",
      startDate: "2027-06-22",
      endDate: "2027-06-23",
      budget: 650,
      travelStyle: "budget",
    });
    const other = await browser.newContext();
    const visitor = await other.newPage();
    // The page's early request for the trip is answered 401 here: it must not be reused once signed in.
    await visitor.goto(`/trips/${id}`);
    await expect(visitor).toHaveURL(/\/login\?from=/);
    await visitor.getByLabel("Email").fill(email);
    await visitor.getByLabel("Password").fill("correct horse battery");
    await visitor.getByRole("button", { name: "Login" }).click();
    await expect(visitor).toHaveURL(new RegExp(`/trips/${id}$`));
    await expect(visitor.getByRole("heading", { name: "Bruges", level: 1 })).toBeVisible();
    await other.close();
  });

  test("someone else's trip is 'Trip not found'", async ({ page, browser, baseURL }) => {
    await signUp(page, baseURL!);
    const id = await createTrip(page, baseURL!, {
      destination: "Bergen",
      startDate: "2027-07-01",
      endDate: "2027-07-01",
      budget: 300,
      travelStyle: "budget",
    });
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signUp(otherPage, baseURL!);
    await otherPage.goto(`/trips/${id}`);
    await expect(otherPage.getByRole("heading", { name: "Trip not found" })).toBeVisible();
    await expect(otherPage.getByText("Bergen")).toHaveCount(0);
    await other.close();
  });

  test("fits a 360 px phone with the days stacked", async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUp(page, baseURL!);
    const id = await createTrip(page, baseURL!, {
      destination: "Reykjavik",
      startDate: "2027-08-01",
      endDate: "2027-08-02",
      budget: 2000,
      travelStyle: "luxury",
    });
    await page.goto(`/trips/${id}`);
    await expect(page.getByRole("heading", { name: "Reykjavik", level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto("/trips");
    await expect(cards(page)).toHaveCount(1);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});

test.describe("Sharing", () => {
  test("share, open signed out, stop sharing; sharing again never revives the old link", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
    const email = await signUp(page, baseURL!);
    const id = await createTrip(page, baseURL!, {
      destination: "Seville",
      startDate: "2027-09-01",
      endDate: "2027-09-02",
      budget: 1200,
      travelStyle: "comfort",
    });
    await page.goto(`/trips/${id}`);
    await page.getByRole("button", { name: "Share Trip" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Shareable link copied to clipboard!" }),
    ).toBeVisible();
    // The link carries its own random token, not the trip's id.
    const linkField = page.getByLabel("Anyone with this link can view the trip:");
    await expect(linkField).toHaveValue(new RegExp(`^${baseURL}/shared/[A-Za-z0-9_-]{22,}$`));
    const link = await linkField.inputValue();
    expect(link).not.toContain(id);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectAxeClean(page, "shared trip detail");

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(link);
    await expect(visitorPage.getByRole("heading", { name: "Seville", level: 1 })).toBeVisible();
    await expect(visitorPage.getByRole("heading", { name: /^Day 2 · / })).toBeVisible();
    await expect(visitorPage.getByRole("link", { name: "Plan your own trip" })).toBeVisible();
    // Read-only and anonymous: no owner actions, no owner details.
    await expect(visitorPage.getByRole("button", { name: /Delete|Share|Stop/ })).toHaveCount(0);
    await expect(visitorPage.getByText(email)).toHaveCount(0);
    await expect(visitorPage.getByText("$1,200")).toHaveCount(0);
    await expect(
      visitorPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }),
    ).toBeVisible();
    await expectAxeClean(visitorPage, "/shared/:id");

    await page.getByRole("button", { name: "Stop sharing" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sharing stopped" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Stop sharing" })).toHaveCount(0);

    await visitorPage.reload();
    await expect(visitorPage.getByRole("heading", { name: "Trip not found" })).toBeVisible();
    await expect(visitorPage.getByText("Seville")).toHaveCount(0);
    await expectAxeClean(visitorPage, "/shared/:id after stop sharing");

    // Sharing again gives a new link; the one given out before the unshare stays dead.
    await page.getByRole("button", { name: "Share Trip" }).click();
    await expect(linkField).toHaveValue(new RegExp(`^${baseURL}/shared/[A-Za-z0-9_-]{22,}$`));
    const newLink = await linkField.inputValue();
    expect(newLink).not.toBe(link);
    await visitorPage.reload();
    await expect(visitorPage.getByRole("heading", { name: "Trip not found" })).toBeVisible();
    await visitorPage.goto(`${baseURL}/shared/${id}`);
    await expect(visitorPage.getByRole("heading", { name: "Trip not found" })).toBeVisible();
    await visitorPage.goto(newLink);
    await expect(visitorPage.getByRole("heading", { name: "Seville", level: 1 })).toBeVisible();
    await visitor.close();
  });

  test("shows the link to copy by hand when the clipboard is refused", async ({
    page,
    baseURL,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) },
      });
    });
    await signUp(page, baseURL!);
    const id = await createTrip(page, baseURL!, {
      destination: "Ghent",
      startDate: "2027-10-01",
      endDate: "2027-10-01",
      budget: 400,
      travelStyle: "budget",
    });
    await page.goto(`/trips/${id}`);
    await page.getByRole("button", { name: "Share Trip" }).click();
    await expect(page.getByLabel("Copy this link to share your trip:")).toHaveValue(
      new RegExp(`^${baseURL}/shared/[A-Za-z0-9_-]{22,}$`),
    );
    await expect(page.getByText("Shareable link copied to clipboard!")).toHaveCount(0);
  });
});
