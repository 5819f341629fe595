import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expectAxeClean } from "./support/axe.ts";
import { stackPorts } from "./support/stack-ports.ts";

// A verification link signs in only the browser that signed up. Opened anywhere else it verifies,
// signs nobody in (login CSRF with someone else's link) and hands the account to the verifier, who
// holds the mailbox (pre-hijack by whoever signed up with that address).
const ports = stackPorts();
const MAILBOX = `http://127.0.0.1:${ports.mailbox}`;
const APP = `http://localhost:${ports.app}`;
const PASSWORD = "correct horse battery";
const VERIFIED = "Your e-mail is verified. Log in to continue.";

const freshEmail = (tag: string) =>
  `e2e-verify-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function verificationLink(request: APIRequestContext, to: string): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        const res = await request.get(`${MAILBOX}/messages?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { messages: { text: string }[] };
        text = body.messages[0]?.text ?? "";
        return body.messages.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(1);
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in mail to ${to}`);
  return link;
}

async function signUp(page: Page, email: string) {
  await page.goto("/signup");
  await page.getByLabel("Full name").fill("Ada Traveller");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
}

async function sessionUser(page: Page) {
  const res = await page.request.get("/api/auth/get-session");
  const body = (await res.json()) as { user?: { email: string; emailVerified: boolean } } | null;
  return body?.user;
}

/** Presses Tab until `target` has the focus (a bounded number of times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("could not reach the control with Tab");
}

const topBar = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("security: verification links in another browser", () => {
  test("login CSRF through an unused verification link: the victim's browser stays signed out", async ({
    page,
    browser,
    request,
  }) => {
    const eve = freshEmail("eve");
    const eveContext = await browser.newContext();
    await signUp(await eveContext.newPage(), eve);
    const evesLink = await verificationLink(request, eve);

    await page.goto(evesLink);
    await expect(page).toHaveURL(/\/verify-email\?verified=signed-out&token=/);
    await expect(page.getByRole("status")).toHaveText(VERIFIED);
    await expect(topBar(page).getByRole("link", { name: "Login" })).toBeVisible();
    expect(await sessionUser(page)).toBeUndefined();
    await expectAxeClean(page, "/verify-email (verified elsewhere)");
    await eveContext.close();
  });

  test("account pre-hijack: the verifier sets a new password by keyboard; the attacker's session and password end", async ({
    page,
    browser,
    request,
  }) => {
    const victim = freshEmail("victim");
    const malloryContext = await browser.newContext();
    const mallory = await malloryContext.newPage();
    await signUp(mallory, victim);
    expect((await sessionUser(mallory))?.email).toBe(victim);
    const link = await verificationLink(request, victim);

    await page.goto(link);
    await expect(page.getByRole("status")).toHaveText(VERIFIED);
    const setPassword = page.getByRole("link", { name: "Set a new password" });
    await tabTo(page, setPassword);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/update-password\?token=/);
    await expect(page.getByRole("heading", { name: "Update password" })).toBeVisible();
    await expectAxeClean(page, "/update-password (after verification elsewhere)");
    await tabTo(page, page.getByLabel("New password"));
    await page.keyboard.type("the victim's own passphrase");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${APP}/`);
    await expect(topBar(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
    expect(await sessionUser(page)).toEqual(
      expect.objectContaining({ email: victim, emailVerified: true }),
    );

    // Mallory's tab: her session ended, and her password no longer signs in.
    await mallory.reload();
    await expect(mallory).toHaveURL(/\/login\?from=/);
    await mallory.getByLabel("Email").fill(victim);
    await mallory.getByLabel("Password").fill(PASSWORD);
    await mallory.getByRole("button", { name: "Login" }).click();
    await expect(
      mallory.getByRole("alert").filter({ hasText: "Invalid email or password" }),
    ).toBeVisible();
    expect(await sessionUser(mallory)).toBeUndefined();
    await malloryContext.close();
  });
});
