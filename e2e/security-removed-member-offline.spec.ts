import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { joinTrip } from "./support/companions.ts";
import { createTrip } from "./support/trips.ts";

// F-15 (security review three): the service worker kept a trip that a removed member could no
// longer open, readable offline. When the network answers 403 or 404 for a kept trip, the worker
// now forgets its copy.

const API_CACHE = "boundless-api";

/** Paths of the worker's kept API reads. */
const keptReads = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, API_CACHE);

async function waitForWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

test.describe("a removed member, offline", () => {
  test.use({ serviceWorkers: "allow" });

  test("cannot read the trip they were removed from once the network said 404", async ({
    page,
    browser,
    baseURL,
  }) => {
    const ownerContext = await browser.newContext({ serviceWorkers: "block" });
    try {
      const owner = await ownerContext.newPage();
      await signUpByApi(owner, baseURL!, "Olive Owner", freshEmail("removal-owner"));
      const trip = await createTrip(owner, baseURL!, { destination: "Ljubljana" });

      await page.goto("/");
      await waitForWorker(page);
      await joinTrip(owner, page, baseURL!, trip.id, { name: "Mallory Member", role: "viewer" });
      await page.goto(`/trips/${trip.id}`);
      await expect(page.getByRole("heading", { name: "Ljubljana", level: 1 })).toBeVisible();
      await expect.poll(() => keptReads(page)).toContain(`/api/trips/${trip.id}`);
      await page.goto("/");

      const session = await page.request.get("/api/auth/get-session");
      const memberId = ((await session.json()) as { user: { id: string } }).user.id;
      const removed = await owner.request.delete(`/api/trips/${trip.id}/members/${memberId}`, {
        headers: { Origin: baseURL! },
      });
      expect(removed.status(), await removed.text()).toBe(204);

      // Online, the trip is gone for them: the worker hears the 404 and forgets its copy.
      await page.goto(`/trips/${trip.id}`);
      await expect(page.getByText("Trip not found")).toBeVisible();
      await expect.poll(() => keptReads(page)).not.toContain(`/api/trips/${trip.id}`);

      // Offline, nothing of it is left to read.
      await page.context().setOffline(true);
      const offlineRead = await page.evaluate(async (id) => {
        try {
          return (await fetch(`/api/trips/${id}`)).status;
        } catch {
          return "no network";
        }
      }, trip.id);
      expect(offlineRead).toBe("no network");
      await page.reload().catch(() => undefined);
      await expect(page.getByRole("heading", { name: "Ljubljana" })).toHaveCount(0);
      await page.context().setOffline(false);
    } finally {
      await ownerContext.close();
    }
  });
});
