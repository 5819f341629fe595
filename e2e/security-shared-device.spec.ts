import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PASSWORD, signUpWithRequest } from "./support/accounts.ts";
import { stackPorts } from "./support/stack-ports.ts";

// Two people, one browser: whatever the first one leaves in the tab or on the device (the chat,
// a draft, the query cache, the trips kept for offline reading) must be gone before the second
// one reads it, however the first one's session ended.

const APP = `http://localhost:${stackPorts().app}`;
const aiControl = `http://127.0.0.1:${stackPorts().ai}/__fake`;
const ORIGIN = { Origin: APP };
const API_CACHE = "boundless-api";

let counter = 0;

/** A new account, made by its own API client so the browser under test is not signed in. */
async function createAccount(request: APIRequestContext, tag: string) {
  const email = `shared-${tag}-${Date.now()}-${++counter}@example.com`;
  return signUpWithRequest(request, APP, `Shared ${tag}`, email);
}

/** A trip of whoever `request` is signed in as. */
async function createTrip(request: APIRequestContext, destination: string) {
  const res = await request.post("/api/trips", {
    data: {
      destination,
      startDate: "2027-05-01",
      endDate: "2027-05-02",
      budget: 900,
      travelStyle: "comfort",
      interests: ["History"],
    },
    headers: { ...ORIGIN, Accept: "application/json" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { trip: { id: string } }).trip.id;
}

async function logIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(signOutButton(page)).toBeVisible();
}

const signOutButton = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign Out" });

async function scriptModel(request: APIRequestContext, replies: string[]) {
  await request.post(`${aiControl}/reset`);
  await request.post(`${aiControl}/enqueue`, {
    data: {
      replies: replies.map((content) => ({ kind: "content", content })),
      tokensPerSecond: 1_000_000,
      firstTokenMs: 0,
    },
  });
}

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

test.describe("a shared device", () => {
  test("the chat does not survive sign-out", async ({ page, request }) => {
    const alice = await createAccount(request, "alice");
    const bob = await createAccount(request, "bob");
    const secret = "Keep this between us: the surprise party is in Porto";
    await scriptModel(request, ["Noted, a party in Porto.", "Hello Bob, where to?"]);

    await page.goto("/login");
    await logIn(page, alice);
    await page.getByRole("button", { name: "Open Boundless Assistant" }).click();
    const panel = page.getByRole("region", { name: "Boundless Assistant" });
    await panel.getByRole("textbox", { name: "Message" }).fill(secret);
    await panel.getByRole("textbox", { name: "Message" }).press("Enter");
    const conversation = panel.getByRole("list", { name: "Conversation" });
    await expect(conversation.getByText("Noted, a party in Porto.")).toBeVisible();

    // Alice leaves the assistant open and signs out; Bob logs in on the same tab.
    await signOutButton(page).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem("boundless.chat.v1"))).toBeNull();
    await logIn(page, bob);

    await expect(page.getByText(secret)).toHaveCount(0);
    await page.getByRole("button", { name: "Open Boundless Assistant" }).click();
    await expect(conversation.getByRole("listitem")).toHaveCount(1);
    await expect(panel.getByText(secret)).toHaveCount(0);

    // Bob's first message carries no history of Alice's to the model.
    await panel.getByRole("textbox", { name: "Message" }).fill("Hi, I am Bob");
    await panel.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect(conversation.getByText("Hello Bob, where to?")).toBeVisible();
    const requests = (await (await request.get(`${aiControl}/requests`)).json()) as unknown[];
    const sent = JSON.stringify(requests.at(-1));
    expect(sent).toContain("Hi, I am Bob");
    expect(sent).not.toContain("surprise party");
  });

  test("a chat left open is not shown to the next user after a reload", async ({
    page,
    request,
  }) => {
    const alice = await createAccount(request, "alice");
    const bob = await createAccount(request, "bob");
    const secret = "Keep this between us: the ring is for Sam";
    await scriptModel(request, ["Noted."]);

    await page.goto("/login");
    await logIn(page, alice);
    await page.getByRole("button", { name: "Open Boundless Assistant" }).click();
    const panel = page.getByRole("region", { name: "Boundless Assistant" });
    await panel.getByRole("textbox", { name: "Message" }).fill(secret);
    await panel.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect(
      panel.getByRole("list", { name: "Conversation" }).getByText("Noted."),
    ).toBeVisible();

    // Elsewhere on the device Alice's session ends and Bob signs in; Bob reloads this tab, whose
    // session check takes a while to answer.
    await page.request.post("/api/auth/sign-out", { data: {}, headers: ORIGIN });
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: bob, password: PASSWORD },
      headers: ORIGIN,
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    await page.route("**/api/auth/get-session", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    const checked = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/auth/get-session",
    );
    await page.reload();
    await expect(page.getByRole("button", { name: "Open Boundless Assistant" })).toBeVisible();
    // While the check is under way (time enough for the assistant's code to load): not shown.
    await page.waitForTimeout(2_000);
    expect(await page.getByText(secret).count()).toBe(0);
    await checked;
    await expect(signOutButton(page)).toBeVisible();
    expect(await page.getByText(secret).count()).toBe(0);
    await page.getByRole("button", { name: "Open Boundless Assistant" }).click();
    await expect(
      panel.getByRole("list", { name: "Conversation" }).getByRole("listitem"),
    ).toHaveCount(1);
    await expect(panel.getByText(secret)).toHaveCount(0);
  });

  test("a draft and the query cache of the previous user are gone when another user signs in", async ({
    page,
    request,
  }) => {
    const alice = await createAccount(request, "alice");
    await createTrip(request, "Ljubljana");
    const bob = await createAccount(request, "bob");
    // The session is checked again on focus and every few minutes: this test moves the clock.
    await page.clock.install();

    // Signed out, Alice starts a plan and logs in: her draft comes along (it is hers).
    await page.goto("/");
    await page.getByLabel("Destination").fill("Alice's secret getaway");
    await page.getByLabel("Start date").fill("2027-06-01");
    await page.getByLabel("End date").fill("2027-06-03");
    await page.getByLabel("Budget (USD)").fill("1200");
    await page.getByRole("button", { name: "Generate Plan" }).click();
    await page.getByRole("link", { name: "log in" }).click();
    await logIn(page, alice);
    await expect(page).toHaveURL(`${APP}/`);
    await expect(page.getByLabel("Destination")).toHaveValue("Alice's secret getaway");
    await page.getByRole("link", { name: "My Trips" }).click();
    await expect(page.getByText("Ljubljana").first()).toBeVisible();

    // Elsewhere on the device (another tab), Alice's session ends and Bob signs in. This tab
    // learns of it at its next session check.
    expect(
      (await page.request.post("/api/auth/sign-out", { data: {}, headers: ORIGIN })).ok(),
    ).toBe(true);
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: bob, password: PASSWORD },
      headers: ORIGIN,
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    // Bob's own list never arrives: whatever shows is what the tab kept.
    await page.route(/\/api\/trips\?/, () => undefined);
    const checked = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/auth/get-session",
    );
    await page.clock.fastForward("05:30");
    await checked;

    await expect(signOutButton(page)).toBeVisible();
    await expect(page.getByText("Ljubljana")).toHaveCount(0);
    await page.getByRole("link", { name: "Boundless", exact: true }).click();
    await expect(page.getByLabel("Destination")).toHaveValue("");
    expect(
      await page.evaluate(() => localStorage.getItem("boundless:plan-trip-draft.v2")),
    ).toBeNull();
  });

  test.describe("offline", () => {
    test.use({ serviceWorkers: "allow" });

    test("the offline cache never holds the session token", async ({ page, request }) => {
      const alice = await createAccount(request, "alice");
      await page.goto("/login");
      await waitForWorker(page);
      await logIn(page, alice);
      // A full load: the session is checked through the worker, which keeps it.
      await page.reload();
      await expect(signOutButton(page)).toBeVisible();
      const kept = await page.evaluate(async (name) => {
        const cache = await caches.open(name);
        const response = await cache.match("/api/auth/get-session");
        return response ? await response.text() : null;
      }, API_CACHE);
      expect(kept).not.toBeNull();
      expect(JSON.parse(kept!)).toEqual({ user: expect.objectContaining({ email: alice }) });
      const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"));
      expect(cookie).toBeDefined();
      expect(kept).not.toContain(decodeURIComponent(cookie!.value).split(".")[0]!);
      expect(kept).not.toContain("token");
    });

    test("the offline cache does not outlive a session revoked elsewhere", async ({
      page,
      request,
      playwright,
    }) => {
      const alice = await createAccount(request, "alice");
      const tripId = await createTrip(request, "Ljubljana");
      await page.goto("/login");
      await waitForWorker(page);
      await logIn(page, alice);
      await page.goto(`/trips/${tripId}`);
      await expect(page.getByRole("heading", { name: "Ljubljana", level: 1 })).toBeVisible();
      expect(await keptReads(page)).toContain(`/api/trips/${tripId}`);

      // From another device, Alice ends every other session, this browser's among them.
      const phone = await playwright.request.newContext({ baseURL: APP });
      try {
        const signIn = await phone.post("/api/auth/sign-in/email", {
          data: { email: alice, password: PASSWORD },
          headers: ORIGIN,
        });
        expect(signIn.ok(), await signIn.text()).toBe(true);
        const revoke = await phone.post("/api/auth/revoke-other-sessions", {
          data: {},
          headers: ORIGIN,
        });
        expect(revoke.ok(), await revoke.text()).toBe(true);
      } finally {
        await phone.dispose();
      }

      // The next visitor opens the app: it learns there is no session, and forgets Alice's trips.
      await page.goto("/");
      await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
      await expect.poll(() => keptReads(page)).not.toContain(`/api/trips/${tripId}`);
      expect((await keptReads(page)).filter((path) => path.startsWith("/api/trips"))).toEqual([]);

      await page.context().setOffline(true);
      const offlineRead = await page.evaluate(async (id) => {
        try {
          return (await fetch(`/api/trips/${id}`)).status;
        } catch {
          return "no network";
        }
      }, tripId);
      expect(offlineRead).toBe("no network");
      await page.goto(`/trips/${tripId}`).catch(() => undefined);
      await expect(page.getByRole("heading", { name: "Ljubljana" })).toHaveCount(0);
      await page.context().setOffline(false);
    });

    test("sign out clicked while offline clears the offline cache", async ({ page, request }) => {
      const alice = await createAccount(request, "alice");
      const tripId = await createTrip(request, "Ljubljana");
      await page.goto("/login");
      await waitForWorker(page);
      await logIn(page, alice);
      await page.goto(`/trips/${tripId}`);
      await expect(page.getByRole("heading", { name: "Ljubljana", level: 1 })).toBeVisible();
      expect(await keptReads(page)).toContain(`/api/trips/${tripId}`);

      await page.context().setOffline(true);
      await signOutButton(page).click();
      await expect(page.getByText("Sign out failed. Please try again.")).toBeVisible();
      // The request could not go, but nothing of Alice's stays for the next person offline.
      expect(await keptReads(page)).toEqual([]);
      await page.reload().catch(() => undefined);
      await expect(page.getByRole("heading", { name: "Ljubljana" })).toHaveCount(0);
      await page.context().setOffline(false);
    });
  });
});
