import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { stackPorts } from "./support/stack-ports.ts";
import { shareTrip } from "./support/share.ts";

const MAILBOX = `http://127.0.0.1:${stackPorts().mailbox}`;
const PASSWORD = "correct horse battery";
const FIREFOX_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0";

async function signUp(page: Page, baseURL: string) {
  return signUpByApi(page, baseURL, "Sam Sessions", freshEmail("account"));
}

/** The same account signed in from another browser (its own cookies and user agent). */
async function otherDevice(browser: Browser, baseURL: string, email: string, password = PASSWORD) {
  const context = await browser.newContext({ baseURL, userAgent: FIREFOX_MAC });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: baseURL },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return context;
}

/** A new trip's id and, when shared, its public page's path. */
async function createTrip(page: Page, baseURL: string, isPublic = false) {
  const res = await page.request.post("/api/trips", {
    data: {
      destination: "Porto",
      startDate: "2027-06-01",
      endDate: "2027-06-02",
      budget: 800,
      travelStyle: "budget",
      interests: ["History"],
    },
    headers: { Origin: baseURL, Accept: "application/json" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { trip: { id: string } }).trip.id;
  const sharePath = isPublic ? await shareTrip(page.request, id, baseURL) : null;
  return { id, sharePath };
}

const security = (page: Page) => page.getByRole("region", { name: "Security" });
const sessions = (page: Page) => page.getByRole("list", { name: "Active sessions" });

test("Security: see where you are signed in, sign other devices out, change the password", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await signUp(page, baseURL!);
  const laptop = await otherDevice(browser, baseURL!, email);
  await page.goto("/profile");
  await expect(security(page).getByRole("heading", { name: "Security" })).toBeVisible();
  await expect(sessions(page).getByRole("listitem")).toHaveCount(2);
  const mine = sessions(page).getByRole("listitem").filter({ hasText: "This device" });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("Chrome on Linux");
  await expect(mine).toContainText("IP address");
  await expect(mine).toContainText("Last active");
  const theirs = sessions(page).getByRole("listitem").filter({ hasText: "Firefox on macOS" });
  await expect(theirs).toContainText(/127\.0\.0\.1|::1/);
  await expectAxeClean(page, "/profile Security");

  await theirs.getByRole("button", { name: /^Sign out Firefox on macOS/ }).click();
  await expect(sessions(page).getByRole("listitem")).toHaveCount(1);
  expect((await laptop.request.get("/api/profile")).status()).toBe(401);
  await expect(security(page).getByText("You are not signed in anywhere else.")).toBeVisible();

  const phone = await otherDevice(browser, baseURL!, email);
  const tablet = await otherDevice(browser, baseURL!, email);
  await page.reload();
  await expect(sessions(page).getByRole("listitem")).toHaveCount(3);
  await security(page).getByRole("button", { name: "Sign out of all other devices" }).click();
  await expect(sessions(page).getByRole("listitem")).toHaveCount(1);
  expect((await phone.request.get("/api/profile")).status()).toBe(401);
  expect((await tablet.request.get("/api/profile")).status()).toBe(401);

  // Change password: the current one is checked; other devices are signed out; this one stays.
  const watch = await otherDevice(browser, baseURL!, email);
  await page.reload();
  await expect(sessions(page).getByRole("listitem")).toHaveCount(2);
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not my password");
  await form.getByLabel("New password").fill("a whole new password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("alert")).toHaveText("Current password is incorrect");
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "Password changed. Your other devices have been signed out.",
  );
  await expect(sessions(page).getByRole("listitem")).toHaveCount(1);
  expect((await watch.request.get("/api/profile")).status()).toBe(401);
  expect((await page.request.get("/api/profile")).status()).toBe(200);
  const again = await otherDevice(browser, baseURL!, email, "a whole new password");
  for (const context of [laptop, phone, tablet, watch, again]) await context.close();
});

test("Download my data: one dated JSON file with the account and every trip", async ({
  page,
  baseURL,
}) => {
  const email = await signUp(page, baseURL!);
  const { id: tripId } = await createTrip(page, baseURL!);
  await page.goto("/profile");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const file = await download;
  const today = new Date().toISOString().slice(0, 10);
  expect(file.suggestedFilename()).toBe(`boundless-export-${today}.json`);
  const data = JSON.parse(await readFile(await file.path(), "utf8")) as {
    version: number;
    account: { email: string };
    trips: { id: string; itinerary: { days: unknown[] } }[];
  };
  expect(data.version).toBe(1);
  expect(data.account.email).toBe(email);
  expect(data.trips.map((t) => t.id)).toEqual([tripId]);
  expect(data.trips[0]?.itinerary.days).toHaveLength(2);
  await expect(page.getByRole("status").filter({ hasText: "Downloaded" })).toHaveText(
    `Downloaded boundless-export-${today}.json.`,
  );
});

test("Delete my account: confirmation with the password, then the address is free", async ({
  page,
  baseURL,
  browser,
}) => {
  const email = await signUp(page, baseURL!);
  const { sharePath } = await createTrip(page, baseURL!, true);
  const laptop = await otherDevice(browser, baseURL!, email);
  await page.goto("/profile");

  const open = page.getByRole("button", { name: "Delete my account" });
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Password")).toBeFocused();
  await expectAxeClean(page, "delete dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();

  await open.click();
  await dialog.getByRole("button", { name: "Delete permanently" }).click();
  await expect(dialog.getByText("Password is required")).toBeVisible();
  await dialog.getByLabel("Password").fill("not my password");
  await dialog.getByRole("button", { name: "Delete permanently" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Incorrect password");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await page.request.get("/api/profile")).status()).toBe(200);

  await open.click();
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page).toHaveURL(/\/account\/deleted$/);
  await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();
  await expectAxeClean(page, "/account/deleted");

  expect((await laptop.request.get("/api/profile")).status()).toBe(401);
  await laptop.close();
  await page.goto(sharePath!);
  await expect(page.getByText("Trip not found")).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);

  await expect
    .poll(async () => {
      const res = await page.request.get(`${MAILBOX}/messages?to=${encodeURIComponent(email)}`);
      const body = (await res.json()) as { messages: { subject: string }[] };
      return body.messages.map((m) => m.subject);
    })
    .toContain("Boundless: your account has been deleted");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  // The address is free again: it signs up anew.
  await signUpByApi(page, baseURL!, "Back Again", email);
});

test("phone width: both sections and the dialog fit the screen", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page, baseURL!);
  await page.goto("/profile");
  await expect(sessions(page).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Download my data" })).toBeVisible();
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAxeClean(page, "/profile at 360px");

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(box!.y + box!.height).toBeLessThanOrEqual(740);
  await expect(dialog.getByRole("button", { name: "Delete permanently" })).toBeInViewport();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
