import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { stackPorts } from "./support/stack-ports.ts";

// Account attacks that only a browser shows: a verification link opened while someone else is
// signed in, hostile ?error= values, and open redirects through ?from=.
const ports = stackPorts();
const MAILBOX = `http://127.0.0.1:${ports.mailbox}`;
const PASSWORD = "correct horse battery";

const freshEmail = (tag: string) =>
  `e2e-sec-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

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

async function sessionEmail(page: Page) {
  const res = await page.request.get("/api/auth/get-session");
  const body = (await res.json()) as { user?: { email: string; emailVerified: boolean } } | null;
  return body?.user;
}

test.describe("security: accounts in the browser", () => {
  test("signed in as Bob, opening Eve's verification link verifies Eve and leaves Bob signed in", async ({
    page,
    browser,
    request,
  }) => {
    const eve = freshEmail("eve");
    const bob = freshEmail("bob");
    const eveContext = await browser.newContext();
    const evePage = await eveContext.newPage();
    await signUp(evePage, eve);
    const evesLink = await verificationLink(request, eve);

    await signUp(page, bob);
    await page.goto(evesLink);

    await expect(page).toHaveURL(/\/verify-email\?verified=other&token=/);
    await expect(
      page.getByText("The e-mail address from that link is now verified."),
    ).toBeVisible();
    await expect(page.getByText(`We sent a verification link to ${bob}`)).toBeVisible();
    expect(await sessionEmail(page)).toEqual(expect.objectContaining({ email: bob }));
    // Verified from a browser that did not sign up: Eve's session ended (no pre-hijack), and Bob's
    // page offers setting that account's password.
    await expect(
      page.getByRole("link", { name: "set a new password for that account" }),
    ).toBeVisible();
    await evePage.reload();
    await expect(evePage).toHaveURL(/\/login\?from=/);
    expect(await sessionEmail(evePage)).toBeUndefined();
    await eveContext.close();
  });

  test("?error=__proto__ and ?error=constructor show the generic message, not a crash", async ({
    page,
  }) => {
    for (const code of ["__proto__", "constructor", "toString"]) {
      await page.goto(`/login?error=${code}`);
      await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
      await expect(
        page.getByText("Signing in with that provider did not work. Please try again."),
      ).toBeVisible();
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
    }
    await signUp(page, freshEmail("proto"));
    for (const code of ["__proto__", "constructor", "hasOwnProperty"]) {
      await page.goto(`/verify-email?error=${code}`);
      await expect(
        page.getByText("This verification link is not valid. Send a new one below."),
      ).toBeVisible();
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
    }
  });

  test("a signed-in visitor sent to /login?from=/%09/evil.example/ lands on the home page", async ({
    page,
  }) => {
    await signUp(page, freshEmail("from"));
    for (const from of ["/%09/evil.example/", "/%5C/evil.example/", "/%2F/evil.example/"]) {
      await page.goto(`/login?from=${encodeURIComponent(from)}`);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
      await page.goto(`/login?from=${from}`);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
    }
  });
});
