import { expect, test, type Page } from "@playwright/test";
import { signUpByApi } from "./support/accounts.ts";
import { stackPorts } from "./support/stack-ports.ts";
import { shareTrip } from "./support/share.ts";

/**
 * Script payloads typed by users (destination, profile fields, chat) or returned by the model
 * (activity text, chat reply) are shown as text. The test fails if any dialog opens, any injected
 * element appears in the DOM, or an injected script sets its marker.
 */
const aiControl = `http://127.0.0.1:${stackPorts().ai}/__fake`;

const payload = (tag: string) =>
  `<img id="xss-${tag}" src=x onerror="alert('${tag}')"><script>window.__xss='${tag}'</script>`;

function inDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function watchDialogs(page: Page) {
  const opened: string[] = [];
  page.on("dialog", (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

async function expectInert(page: Page, dialogs: string[], where: string) {
  // Give any injected handler a moment to fire before looking.
  await page.waitForTimeout(300);
  expect(dialogs, `dialog opened on ${where}`).toEqual([]);
  expect(await page.locator('[id^="xss-"]').count(), `injected element on ${where}`).toBe(0);
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss), where).toBeUndefined();
  const inlineScripts = await page
    .locator("body script")
    .evaluateAll((nodes) => nodes.filter((n) => n.textContent?.includes("__xss")).length);
  expect(inlineScripts, `script element on ${where}`).toBe(0);
}

test("script payloads in destination, activities, profile and chat are inert text", async ({
  page,
  baseURL,
}) => {
  const dialogs = watchDialogs(page);
  const origin = new URL(baseURL!).origin;
  const headers = { origin };

  await signUpByApi(page, origin, "Xss", `xss-${Date.now()}@example.com`);

  const profile = await page.request.put("/api/profile", {
    headers,
    data: {
      fullName: payload("name"),
      bio: payload("bio"),
      preferredDestinations: [payload("pref")],
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  // A one-day trip is one model call: script its answer with payloads in every text field.
  await page.request.post(`${aiControl}/reset`);
  await page.request.post(`${aiControl}/enqueue`, {
    data: {
      replies: [
        {
          kind: "content",
          content: JSON.stringify({
            days: [
              {
                activities: [
                  {
                    time: "09:00",
                    activity: payload("act"),
                    location: payload("loc"),
                    description: payload("desc"),
                    cost: 10,
                    // The model's answer carries coordinates and a reason (the strict schema asks for both).
                    lat: null,
                    lng: null,
                    why: payload("why"),
                  },
                ],
              },
            ],
          }),
        },
      ],
      tokensPerSecond: 1_000_000,
      firstTokenMs: 0,
    },
  });
  const date = inDays(30);
  const created = await page.request.post("/api/trips", {
    headers,
    data: {
      destination: payload("dest"),
      startDate: date,
      endDate: date,
      budget: 500,
      travelStyle: "comfort",
      interests: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { trip } = (await created.json()) as { trip: { id: string } };
  const sharePath = await shareTrip(page.request, trip.id, origin);

  const pages: [string, string][] = [
    ["/trips", "dest"],
    [`/trips/${trip.id}`, "act"],
    [sharePath, "desc"],
  ];
  for (const [path, tag] of pages) {
    await page.goto(path);
    // The payload is on the page, as text.
    await expect(page.getByText(`id="xss-${tag}"`, { exact: false }).first()).toBeVisible();
    await expectInert(page, dialogs, path);
  }

  // Profile fields come back into the form as values, never as markup.
  await page.goto("/profile");
  await expect(page.getByRole("textbox", { name: "Bio" })).toHaveValue(payload("bio"));
  await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue(payload("name"));
  await expectInert(page, dialogs, "/profile");

  // Chat: the user's message and the model's reply both carry payloads.
  await page.request.post(`${aiControl}/enqueue`, {
    data: { replies: [{ kind: "content", content: `Sure. ${payload("reply")}` }] },
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Open Boundless Assistant" }).click();
  const panel = page.getByRole("region", { name: "Boundless Assistant" });
  await panel.getByRole("textbox", { name: "Message" }).fill(payload("chat"));
  await panel.getByRole("button", { name: "Send" }).click();
  const conversation = panel.getByRole("list", { name: "Conversation" });
  await expect(conversation).toContainText('Sure. <img id="xss-reply"', { timeout: 20_000 });
  await expect(conversation).toContainText('<img id="xss-chat"');
  await expectInert(page, dialogs, "chat");
});
