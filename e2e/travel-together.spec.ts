import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAxeClean } from "./support/axe.ts";
import { stackPorts } from "./support/stack-ports.ts";

const MAILBOX = `http://127.0.0.1:${stackPorts().mailbox}`;
const PASSWORD = "correct horse battery";
let counter = 0;
const freshEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${++counter}@example.com`;

type Mail = { subject: string; text: string };

/** The newest mail's link once `to` has `count` mails (the SMTP catcher's HTTP view). */
async function mailLink(request: APIRequestContext, to: string, count: number): Promise<string> {
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

async function signUpByApi(page: Page, baseURL: string, name: string, email: string) {
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name },
    headers: { Origin: baseURL },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function createTrip(page: Page, baseURL: string) {
  const res = await page.request.post("/api/trips", {
    data: {
      destination: "Lisbon",
      startDate: "2027-05-03",
      endDate: "2027-05-05",
      budget: 1500,
      travelStyle: "comfort",
      interests: ["History"],
    },
    headers: { Origin: baseURL, Accept: "application/json" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { trip: { id: string } }).trip.id;
}

test.describe("Travel together", () => {
  test("Alice invites Bob, who is signed out: he signs up, verifies and accepts", async ({
    page,
    baseURL,
    browser,
  }) => {
    // Two browsers, two sign-ups and four axe runs on a shared two-core machine.
    test.slow();
    const alice = freshEmail("alice");
    const bob = freshEmail("bob");
    await signUpByApi(page, baseURL!, "Alice Owner", alice);
    const tripId = await createTrip(page, baseURL!);

    await page.goto(`/trips/${tripId}`);
    const people = page.getByRole("region", { name: "Invite people" });
    await people.getByLabel("Email address").fill(bob);
    await people.getByLabel("Role").selectOption("editor");
    await people.getByRole("button", { name: "Send invite" }).click();
    await expect(people.getByText(`Invitation sent to ${bob}.`)).toBeVisible();
    await expect(
      people.getByRole("button", { name: `Revoke the invitation to ${bob}` }),
    ).toBeVisible();
    await expectAxeClean(page, "/trips/:id with Invite people");

    const link = await mailLink(page.request, bob, 1);
    expect(new URL(link).pathname).toMatch(/^\/invites\/[A-Za-z0-9_-]{43}$/);

    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    try {
      await bobPage.goto(new URL(link).pathname);
      await expect(bobPage.getByText(/Alice Owner invites you to/)).toBeVisible();
      await expect(bobPage.getByText(/as editor\./)).toBeVisible();
      await expectAxeClean(bobPage, "/invites/:token signed out");
      await bobPage.getByRole("link", { name: "Sign up to accept" }).click();
      await expect(bobPage.getByLabel("Email")).toHaveValue(bob);
      await bobPage.getByLabel("Full name").fill("Bob Companion");
      await bobPage.getByLabel("Password").fill(PASSWORD);
      await bobPage.getByRole("button", { name: "Sign Up" }).click();
      await expect(bobPage).toHaveURL(new RegExp(`${new URL(link).pathname}$`));

      // Not verified yet: the invitation says so, and the verification mail is on its way.
      await bobPage.getByRole("button", { name: "Accept" }).click();
      await expect(bobPage.getByRole("alert")).toHaveText(
        "Verify your e-mail address to accept this invitation",
      );
      const verify = await mailLink(page.request, bob, 2);
      const mailTab = await bobContext.newPage();
      await mailTab.goto(verify);
      await expect(mailTab).toHaveURL(/\/verify-email/);
      await mailTab.close();

      await bobPage.getByRole("button", { name: "Accept" }).click();
      await expect(bobPage).toHaveURL(new RegExp(`/trips/${tripId}$`));
      await expect(bobPage.getByText("Shared by Alice Owner")).toBeVisible();
      // An editor gets the editor: its actions menu offers Edit details, and no Delete Trip.
      await bobPage.getByRole("button", { name: "More actions" }).click();
      await expect(bobPage.getByRole("menuitem", { name: "Edit details" })).toBeVisible();
      await expect(bobPage.getByRole("menuitem", { name: "Delete Trip" })).toHaveCount(0);
      await bobPage.keyboard.press("Escape");

      // Alice sees Bob among the members, with a role menu.
      await page.reload();
      await expect(people.getByLabel("Role of Bob Companion")).toHaveValue("editor");
    } finally {
      await bobContext.close();
    }
  });

  test("a viewer sees the plan without edit controls, and finds it under Shared with me", async ({
    page,
    baseURL,
    browser,
  }) => {
    test.slow();
    const alice = freshEmail("alice");
    const bob = freshEmail("viewer");
    await signUpByApi(page, baseURL!, "Alice Owner", alice);
    const tripId = await createTrip(page, baseURL!);
    const invited = await page.request.post(`/api/trips/${tripId}/invites`, {
      data: { email: bob, role: "viewer" },
      headers: { Origin: baseURL! },
    });
    expect(invited.status()).toBe(201);
    const invite = await mailLink(page.request, bob, 1);

    const bobContext = await browser.newContext();
    const bobPage = await bobContext.newPage();
    try {
      await signUpByApi(bobPage, baseURL!, "Bob Viewer", bob);
      await bobPage.goto(await mailLink(page.request, bob, 2));
      const token = new URL(invite).pathname.split("/").pop()!;
      const accepted = await bobPage.request.post(`/api/invites/${token}/accept`, {
        headers: { Origin: baseURL! },
      });
      expect(accepted.status(), await accepted.text()).toBe(200);

      await bobPage.goto(`/trips/${tripId}`);
      await expect(bobPage.getByText("You can view this trip", { exact: true })).toBeVisible();
      await expect(bobPage.getByText("Shared by Alice Owner")).toBeVisible();
      await expect(bobPage.getByRole("heading", { name: /^Day 1/ })).toBeVisible();
      for (const name of [
        /Edit details/,
        /More actions/,
        /Delete/,
        /Share Trip/,
        /Add activity/,
        /Regenerate/,
      ])
        await expect(bobPage.getByRole("button", { name })).toHaveCount(0);
      await expect(bobPage.getByRole("button", { name: "Leave trip" })).toBeVisible();
      await expectAxeClean(bobPage, "/trips/:id as a viewer");

      await bobPage.goto("/trips");
      await bobPage.getByLabel("Show").selectOption("shared");
      await expect(bobPage).toHaveURL(/role=shared/);
      await expect(bobPage.getByText("Shared by Alice Owner")).toBeVisible();
      await expectAxeClean(bobPage, "/trips?role=shared");
    } finally {
      await bobContext.close();
    }
  });
});
