import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAxeClean } from "./support/axe.ts";
import { stackPorts } from "./support/stack-ports.ts";

const ports = stackPorts();
const MAILBOX = `http://127.0.0.1:${ports.mailbox}`;
const APP = `http://localhost:${ports.app}`;
const PASSWORD = "correct horse battery";

const freshEmail = (tag: string) =>
  `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

type Mail = { id: number; subject: string; text: string };

/** Waits until the SMTP catcher holds `count` mails for `to`, and returns the newest one's link. */
async function mailLink(request: APIRequestContext, to: string, count = 1): Promise<string> {
  let newest: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${MAILBOX}/messages?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { messages: Mail[] };
        newest = body.messages[0];
        return body.messages.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const link = newest?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in mail to ${to}`);
  return link;
}

const topBar = (page: Page) => page.getByRole("navigation", { name: "Main" });

async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto("/signup");
  await page.getByLabel("Full name").fill("Ada Traveller");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

test.describe("accounts", () => {
  test("sign up, verify through the mailed link, log out and log in again", async ({
    page,
    request,
  }) => {
    const email = freshEmail("signup");
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Sign Up" })).toBeVisible();
    await expectAxeClean(page, "/signup");

    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Full name is required")).toHaveCount(0);
    await signUp(page, email);
    await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();
    await expect(topBar(page).getByRole("link", { name: "My Trips" })).toBeVisible();
    await expectAxeClean(page, "/verify-email");

    await expect(page.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/");
    await page.getByRole("button", { name: "Resend Verification Email" }).click();
    await expect(page.getByText("A new verification e-mail is on its way.")).toBeVisible();
    const link = await mailLink(request, email, 2);
    expect(link.startsWith(`${APP}/api/auth/verify-email?token=`)).toBe(true);

    // The link opened in another tab of the browser that signed up (a link opened in any other
    // browser signs nobody in: e2e/security-verification-link.spec.ts).
    const mailPage = await page.context().newPage();
    await mailPage.goto(link);
    await expect(mailPage).toHaveURL(/\/verify-email\?verified=self$/);
    await expect(mailPage.getByText(`Your e-mail address ${email} is verified.`)).toBeVisible();
    await mailPage.getByRole("link", { name: "Continue" }).click();
    await expect(mailPage).toHaveURL(`${APP}/`);
    await mailPage.close();

    await page.reload();
    await expect(page.getByText(`Your e-mail address ${email} is verified.`)).toBeVisible();

    await topBar(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(topBar(page).getByRole("link", { name: "Login" })).toBeVisible();
    await page.goto("/verify-email");
    await expect(page).toHaveURL(/\/login\?from=/);

    await page.goto("/login");
    await logIn(page, email, "a wrong password");
    await expect(
      page.getByRole("alert").filter({ hasText: "Invalid email or password" }),
    ).toBeVisible();
    await logIn(page, email);
    await expect(page).toHaveURL(`${APP}/`);
    await expect(topBar(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  });

  test("signs up with e-mail and password alone, then asks for the name once signed in", async ({
    page,
  }) => {
    const email = freshEmail("nameless");
    await page.goto("/signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/verify-email$/);

    const reminder = page.getByRole("status").filter({ hasText: "Add your full name" });
    await expect(reminder).toBeVisible();
    await expectAxeClean(page, "/verify-email with the name reminder");
    await reminder.getByRole("link", { name: "Add your name" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(reminder).toHaveCount(0);
    await page.getByLabel("Full name").fill("Nia Nameless");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Add your full name")).toHaveCount(0);
  });

  test("shows 'Logging in...' while busy and says a rate limit in words", async ({ page }) => {
    await page.goto("/login");
    await expectAxeClean(page, "/login");
    // Hold the answer so the busy text can be seen, then answer as the server does over its limit.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/sign-in/email", async (route) => {
      await held;
      await route.fulfill({
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": "42" },
        body: JSON.stringify({ message: "Too many requests. Please try again later." }),
      });
    });
    await logIn(page, "someone@example.com");
    await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    release();
    await expect(
      page.getByText("Too many attempts. Please wait 42 seconds and try again."),
    ).toBeVisible();
  });

  test("forgot password, update it from the mailed link, arrive signed in at /", async ({
    page,
    request,
  }) => {
    const email = freshEmail("reset");
    await signUp(page, email);
    await topBar(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectAxeClean(page, "/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    const confirmation = page.getByRole("status");
    await expect(confirmation).toContainText("Check your e-mail");
    const knownText = (await confirmation.innerText()).replace(email, "<address>");

    // An address without an account gets the same words.
    const stranger = freshEmail("nobody");
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(stranger);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toContainText("Check your e-mail");
    expect((await page.getByRole("status").innerText()).replace(stranger, "<address>")).toBe(
      knownText,
    );

    const link = await mailLink(request, email, 2); // verification first, then the reset
    await page.goto(link);
    await expect(page).toHaveURL(/\/update-password\?token=/);
    await expect(page.getByRole("heading", { name: "Update password" })).toBeVisible();
    await expectAxeClean(page, "/update-password");
    await page.getByLabel("New password").fill("short");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await page.getByLabel("New password").fill("a brand new passphrase");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page).toHaveURL(`${APP}/`);
    await expect(topBar(page).getByRole("button", { name: "Sign Out" })).toBeVisible();

    // The link worked once.
    await page.goto(link);
    await expect(page).toHaveURL(/\/update-password\?error=INVALID_TOKEN/);
    await expect(page.getByText("This reset link is invalid or has expired")).toBeVisible();
    await expectAxeClean(page, "/update-password (invalid link)");
  });

  test("a guarded page sends to /login and comes back after login", async ({ page }) => {
    const email = freshEmail("guard");
    await signUp(page, email);
    await topBar(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/trips");
    await expect(page).toHaveURL(/\/login\?from=%2Ftrips$/);
    await logIn(page, email);
    await expect(page).toHaveURL(`${APP}/trips`);

    // Signed in already: /login and /signup pass the visitor on.
    await page.goto("/login?from=%2Fprofile");
    await expect(page).toHaveURL(`${APP}/profile`);
    await page.goto("/signup?from=https%3A%2F%2Fevil.example");
    await expect(page).toHaveURL(`${APP}/`);
    await page.goto("/login?from=%2Flogin");
    await expect(page).toHaveURL(`${APP}/`);
  });

  test("auth screens fit a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const route of ["/login", "/signup", "/forgot-password", "/update-password?token=x"]) {
      await page.goto(route);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, route).toBeLessThanOrEqual(0);
    }
  });

  test("the dev outbox page says where mail went", async ({ page }) => {
    // This stack sends mail over SMTP (to the catcher), so the outbox explains that it is off.
    await page.goto("/dev/outbox");
    await expect(page.getByRole("heading", { name: "Dev outbox" })).toBeVisible();
    await expect(page.getByText("The dev outbox is off: mail goes out over SMTP.")).toBeVisible();
    await expectAxeClean(page, "/dev/outbox");
  });

  for (const provider of [
    { name: "Google", host: "accounts.google.com", id: "google", clientId: "e2e-google-client-id" },
    { name: "GitHub", host: "github.com", id: "github", clientId: "e2e-github-client-id" },
  ]) {
    test(`the ${provider.name} button leads to its authorize URL`, async ({ page }) => {
      let authorize: URL | undefined;
      // Never leave the machine: answer the provider's page ourselves and record where we were sent.
      await page.route(`https://${provider.host}/**`, async (route) => {
        authorize = new URL(route.request().url());
        await route.fulfill({
          status: 200,
          contentType: "text/html",
          body: "<title>provider</title>",
        });
      });
      await page.goto("/login?from=%2Ftrips");
      await page.getByRole("button", { name: `Continue with ${provider.name}` }).click();
      await expect.poll(() => authorize?.host).toBe(provider.host);
      expect(authorize?.searchParams.get("client_id")).toBe(provider.clientId);
      expect(authorize?.searchParams.get("redirect_uri")).toBe(
        `${APP}/api/auth/callback/${provider.id}`,
      );
      expect(authorize?.searchParams.get("state")?.length).toBeGreaterThanOrEqual(16);
      expect(authorize?.searchParams.get("response_type")).toBe("code");
    });
  }
});
