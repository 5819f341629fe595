import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAxeClean } from "./support/axe.ts";
import { stackPorts } from "./support/stack-ports.ts";

// Issue 31 ("Done when"): from sign-up to a shared trip with the keyboard alone. Every control is
// reached with Tab (or Shift+Tab), filled by typing and used with Enter, Space or the arrow keys;
// nothing is clicked. Only the mailed verification link and the shared link are opened by address,
// as a traveller opens them from their mail or a message.

const MAILBOX = `http://127.0.0.1:${stackPorts().mailbox}`;

const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab until `target` has the focus (at most `limit` presses), failing if it never does. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  await expect(target).toBeVisible();
  for (let i = 0; i < limit; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, "reached with Tab").toBeFocused();
}

async function newestLink(page: Page, to: string): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${MAILBOX}/messages?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { messages: { text: string }[] };
        text = body.messages[0]?.text ?? "";
        return body.messages.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(1);
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the mail to ${to}`);
  return link;
}

test("a keyboard-only traveller signs up, plans a trip and shares it", async ({ page }) => {
  // Sign-up, verification, a generation and the shared page on a two-core machine.
  test.slow();
  const email = `e2e-keys-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  // Sign up.
  await page.goto("/signup");
  await tabTo(page, page.getByLabel("Full name"));
  await page.keyboard.type("Kim Keys");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type("correct horse battery");
  await page.keyboard.press("Enter");
  await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();

  // Verify from the mail, then Continue by keyboard.
  await page.goto(await newestLink(page, email));
  await expect(page.getByText(`Your e-mail address ${email} is verified.`)).toBeVisible();
  await tabTo(page, page.getByRole("link", { name: "Continue" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Plan Your Perfect Trip" })).toBeVisible();

  // Plan a trip.
  await tabTo(page, page.getByLabel("Destination"));
  await page.keyboard.type("Kyoto, Japan");
  await tabTo(page, page.getByLabel("Start date"));
  await page.keyboard.type("04102027");
  await tabTo(page, page.getByLabel("End date"));
  await page.keyboard.type("04122027");
  await tabTo(page, page.getByLabel("Budget (USD)"));
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("1200");
  await tabTo(page, page.getByRole("checkbox", { name: "History" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "History" })).toBeChecked();
  await expect(page.getByLabel("Start date")).toHaveValue("2027-04-10");
  await expect(page.getByLabel("End date")).toHaveValue("2027-04-12");
  await tabTo(page, page.getByRole("button", { name: "Generate Plan" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kyoto, Japan");

  // Share it.
  await tabTo(page, page.getByRole("button", { name: "Share Trip" }));
  await page.keyboard.press("Enter");
  const linkField = page.getByLabel(/share your trip|Anyone with this link can view the trip/);
  await expect(linkField).toBeVisible();
  const shared = await linkField.inputValue();
  expect(new URL(shared).pathname).toMatch(/^\/shared\/[A-Za-z0-9_-]+$/);
  await expectAxeClean(page, "/trips/:id shared, reached by keyboard");

  // The shared trip, as whoever gets the link sees it (signed out, another browser context).
  const guest = await page.context().browser()!.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(shared);
  await expect(guestPage.getByRole("heading", { level: 1 })).toContainText("Kyoto");
  await expect(guestPage.getByText("Day 1").first()).toBeVisible();
  await expectAxeClean(guestPage, "/shared/:token");
  await guest.close();
});
