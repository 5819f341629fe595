import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test, type Page } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";
import { parseCalendar } from "../tests/support/ical.ts";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { shareTrip } from "./support/share.ts";

async function signUp(page: Page, baseURL: string) {
  await signUpByApi(page, baseURL, "Along Tester", freshEmail("along"));
}

type TripBody = {
  trip: {
    id: string;
    destination: string;
    itinerary: { days: { activities: { activity: string }[] }[] };
  };
};

async function createTrip(page: Page, baseURL: string, destination: string) {
  const res = await page.request.post("/api/trips", {
    data: {
      destination,
      startDate: "2027-05-01",
      endDate: "2027-05-03",
      budget: 1500,
      travelStyle: "comfort",
      interests: ["History"],
    },
    headers: { Origin: baseURL, Accept: "application/json" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as TripBody).trip;
}

const activityNames = (trip: TripBody["trip"]) =>
  trip.itinerary.days.flatMap((d) => d.activities.map((a) => a.activity));

test.describe("Take the trip along", () => {
  test("Add to calendar downloads one event per activity, for the owner and on the shared page", async ({
    page,
    baseURL,
  }) => {
    await signUp(page, baseURL!);
    const trip = await createTrip(page, baseURL!, "Porto");
    await page.goto(`/trips/${trip.id}`);
    // The trip (and its link) must have rendered before the click, or the click can land on a
    // page that is still replacing its content.
    await expect(page.getByRole("heading", { name: "Porto", level: 1 })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("button", { name: "More actions" })
        .click()
        .then(() => page.getByRole("menuitem", { name: "Add to calendar" }).click()),
    ]);
    expect(download.suggestedFilename()).toBe("Porto 2027-05-01 to 2027-05-03.ics");
    const text = readFileSync(await download.path(), "utf8");
    const { events } = parseCalendar(text);
    expect(events.map((e) => e.summary)).toEqual(activityNames(trip));

    // Shared: the visitor's page offers the public calendar.
    const sharePath = await shareTrip(page.request, trip.id, baseURL!);
    // A visitor: a fresh context with no cookies.
    const visitorContext = await page.context().browser()!.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${baseURL}${sharePath}`);
    await expect(visitor.getByRole("link", { name: "Add to calendar" })).toHaveAttribute(
      "href",
      `/api${sharePath}/calendar.ics`,
    );
    await visitorContext.close();
  });

  test("prints every day with its activities and totals, without navigation or chat", async ({
    page,
    baseURL,
  }) => {
    await signUp(page, baseURL!);
    const trip = await createTrip(page, baseURL!, "Valencia");
    await page.goto(`/trips/${trip.id}`);
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Print" }).click();
    await expect(page).toHaveURL(new RegExp(`/trips/${trip.id}/print$`));
    await expect(page.getByRole("heading", { name: "Valencia", level: 1 })).toBeVisible();
    await expectAxeClean(page, "print view");

    const dir = mkdtempSync(path.join(tmpdir(), "boundless-pdf-"));
    try {
      const pdf = path.join(dir, "trip.pdf");
      writeFileSync(pdf, await page.pdf({ format: "A4" }));
      const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
      for (const day of ["Day 1", "Day 2", "Day 3"]) expect(text).toContain(day);
      for (const name of activityNames(trip)) expect(text).toContain(name.slice(0, 20));
      expect(text).toContain("Trip total");
      expect(text).toContain("Day total");
      for (const absent of ["My Trips", "Sign Out", "Print or save as PDF", "travel assistant"])
        expect(text).not.toContain(absent);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("each day inside the forecast window shows its weather; later days say when", async ({
    page,
    baseURL,
  }) => {
    await signUp(page, baseURL!);
    // The weather fake forecasts five days from today; a seven-day trip starting today has two more.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
    const plus = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const res = await page.request.post("/api/trips", {
      data: {
        destination: "Paris",
        startDate: today,
        endDate: plus(6),
        budget: 3000,
        travelStyle: "comfort",
        interests: ["Culture & Arts"],
      },
      headers: { Origin: baseURL!, Accept: "application/json" },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { trip } = (await res.json()) as {
      trip: TripBody["trip"] & {
        version: number;
        itinerary: { days: { date: string; activities: Record<string, unknown>[] }[] };
      };
    };
    // Day 2 (the wet one) gets an outdoor stop, the way the editor saves one: the model's stops are
    // real places now (museums, cafés), and which are outdoors depends on what it was offered.
    const days = trip.itinerary.days.map((day, d) =>
      d !== 1
        ? day
        : {
            ...day,
            activities: day.activities.map((a, i) =>
              i === 0
                ? {
                    ...a,
                    activity: "Walk in the Tuileries Garden",
                    location: "Jardin des Tuileries",
                    osmId: null,
                    openingHours: null,
                    website: null,
                  }
                : a,
            ),
          },
    );
    const patched = await page.request.patch(`/api/trips/${trip.id}`, {
      data: { version: trip.version, itinerary: { days } },
      headers: { Origin: baseURL! },
    });
    expect(patched.ok(), await patched.text()).toBe(true);

    await page.goto(`/trips/${trip.id}`);
    const weather = page.getByRole("region", { name: "Weather" });
    await expect(weather).toContainText("clear sky");
    await page.getByRole("button", { name: /Day 2/ }).click();
    await expect(weather).toContainText("Bring a raincoat and an umbrella.");
    // On the wet day the outdoor stop is named, and the suggestion opens "Regenerate day" with the instruction filled in.
    await expect(weather).toContainText("Wet weather is forecast");
    await expectAxeClean(page, "trip day with weather");
    await weather.getByRole("button", { name: "Regenerate this day indoors" }).click();
    await expect(page.getByLabel("Instruction (optional)")).toHaveValue("rainy day, indoors");
    await page.getByRole("button", { name: /Day 7/ }).click();
    await expect(page.getByText(/^Forecast available from /)).toBeVisible();
  });

  test.describe("offline", () => {
    test.use({ serviceWorkers: "allow" });

    test("a trip opened before reads with no network; sign-out forgets it", async ({
      page,
      context,
      baseURL,
    }) => {
      await signUp(page, baseURL!);
      const trip = await createTrip(page, baseURL!, "Ljubljana");
      await page.goto("/");
      // The worker installs and takes charge of the page.
      await page.waitForFunction(async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      });
      await page.goto(`/trips/${trip.id}`);
      await expect(page.getByRole("heading", { name: "Ljubljana", level: 1 })).toBeVisible();

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole("heading", { name: "Ljubljana", level: 1 })).toBeVisible();
      await expect(page.getByText(activityNames(trip)[0]!).first()).toBeVisible();
      await expect(page.getByText("You are offline.")).toBeVisible();
      await expectAxeClean(page, "offline trip");
      // Planning needs a connection, and says so.
      await page.goto("/");
      await expect(page.getByText("Planning a trip needs a connection.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Generate Plan" })).toBeDisabled();

      await context.setOffline(false);
      await page.goto(`/trips/${trip.id}`);
      await page.getByRole("button", { name: "Sign Out" }).click();
      await expect(page).toHaveURL(/\/login$/);
      // Nothing of the trip stays on the device (the signed-out session may be cached again).
      const kept = await page.evaluate(async (id) => {
        const cache = await caches.open("boundless-api");
        return (await cache.keys())
          .map((r) => new URL(r.url).pathname)
          .filter((p) => p.includes(id));
      }, trip.id);
      expect(kept).toEqual([]);

      await context.setOffline(true);
      await page.goto(`/trips/${trip.id}`);
      // The worker serves the app offline, which knows nobody is signed in: the login page, offline.
      // Only once that has rendered does the missing trip heading mean anything.
      await expect(page).toHaveURL(
        new RegExp(`/login\\?from=${encodeURIComponent(`/trips/${trip.id}`)}$`),
      );
      await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
      await expect(page.getByText("You are offline.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Ljubljana" })).toHaveCount(0);
      await context.setOffline(false);
    });

    // The session check and the trip are asked for at once (lib/early-requests.ts). When the check
    // finds a new user on this device it forgets what was kept before it: never the trip it came with.
    test("a trip opened right after signing in, on a device last used signed out, reads with no network", async ({
      page,
      context,
      baseURL,
    }) => {
      await page.goto("/");
      await page.waitForFunction(async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      });
      // The session check has answered: the device's offline copy is a signed-out visitor's.
      await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
      // Signed in outside this page (as a social sign-in's return does), the traveller opens a trip.
      await signUp(page, baseURL!);
      const trip = await createTrip(page, baseURL!, "Ljubljana");
      await page.goto(`/trips/${trip.id}`);
      await expect(page.getByRole("heading", { name: "Ljubljana", level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole("heading", { name: "Ljubljana", level: 1 })).toBeVisible();
      await expect(page.getByText(activityNames(trip)[0]!).first()).toBeVisible();
      await context.setOffline(false);
    });

    test("the app is installable: manifest, icons and worker pass Chromium's checks", async ({
      baseURL,
    }) => {
      // Installability is never offered in an incognito-like context: use a real profile.
      const profile = mkdtempSync(path.join(tmpdir(), "boundless-profile-"));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_FLAGS,
      });
      try {
        const page = await context.newPage();
        await page.goto(baseURL!);
        await page.waitForFunction(async () => {
          await navigator.serviceWorker.ready;
          return navigator.serviceWorker.controller !== null;
        });
        const cdp = await context.newCDPSession(page);
        const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
          installabilityErrors: { errorId: string }[];
        };
        expect(installabilityErrors).toEqual([]);
        const manifest = (await (
          await page.request.get(`${baseURL}/manifest.webmanifest`)
        ).json()) as { icons: { sizes: string }[]; display: string };
        expect(manifest.display).toBe("standalone");
        expect(manifest.icons.map((i) => i.sizes)).toEqual(["192x192", "512x512", "512x512"]);
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    });
  });
});
