import { expect, test, type Page } from "@playwright/test";
import { expectAxeClean } from "./support/axe.ts";
import { stackPorts } from "./support/stack-ports.ts";

const GREETING =
  "Hi! I'm Boundless, your personal travel assistant. I can help you plan trips, suggest destinations, and share travel tips. What kind of adventure are you looking for?";
const aiControl = `http://127.0.0.1:${stackPorts().ai}/__fake`;

async function scriptModel(
  page: Page,
  replies: string[],
  pace: { tokensPerSecond?: number; firstTokenMs?: number } = {},
) {
  await page.request.post(`${aiControl}/reset`);
  await page.request.post(`${aiControl}/enqueue`, {
    data: {
      replies: replies.map((content) => ({ kind: "content", content })),
      tokensPerSecond: pace.tokensPerSecond ?? 1_000_000,
      firstTokenMs: pace.firstTokenMs ?? 0,
    },
  });
}

const openChat = async (page: Page) => {
  await page.getByRole("button", { name: "Open Boundless Assistant" }).click();
  return page.getByRole("region", { name: "Boundless Assistant" });
};

test.describe("travel assistant chat", () => {
  test("greets on first open, focuses the input, and closes back to the launcher", async ({
    page,
  }) => {
    await page.goto("/");
    const panel = await openChat(page);
    await expect(panel.getByRole("heading", { name: "Boundless Assistant" })).toBeVisible();
    await expect(
      panel.getByRole("list", { name: "Conversation" }).getByRole("listitem"),
    ).toHaveText([new RegExp(escape(GREETING))]);
    const input = panel.getByRole("textbox", { name: "Message" });
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute("placeholder", "Ask me anything...");
    await expect(panel.getByRole("button", { name: "Send" })).toBeDisabled();
    await expectAxeClean(page, "chat open");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Open Boundless Assistant" })).toBeFocused();
    // Reopening does not greet twice.
    const again = await openChat(page);
    await expect(again.getByText(GREETING)).toHaveCount(1);
  });

  test("Enter sends, Shift+Enter adds a line; typing indicator, then a streamed reply", async ({
    page,
  }) => {
    const reply =
      "Lisbon in spring is lovely: mild days, pastel streets, custard tarts and trams up every hill.";
    await scriptModel(page, [reply], { tokensPerSecond: 8, firstTokenMs: 1200 });
    await page.goto("/about");
    const panel = await openChat(page);
    const input = panel.getByRole("textbox", { name: "Message" });
    await input.pressSequentially("Where should I go");
    await input.press("Shift+Enter");
    await input.pressSequentially("in spring?");
    await expect(input).toHaveValue("Where should I go\nin spring?");
    const conversation = panel.getByRole("list", { name: "Conversation" });
    await expect(conversation.getByRole("listitem")).toHaveCount(1);

    await input.press("Enter");
    await expect(conversation.getByText("Where should I go\nin spring?")).toBeVisible();
    await expect(input).toBeDisabled();
    await expect(input).toHaveValue("");
    await expect(panel.getByRole("button", { name: "Sending" })).toHaveText("...");
    await expect(panel.getByTestId("typing-indicator")).toBeVisible();

    // Part of the reply shows before the whole of it has arrived.
    await expect(conversation.getByText(/^(Boundless said: )?Lisbon in/)).toBeVisible();
    await expect(conversation.getByText(reply)).toHaveCount(0);
    await expect(conversation.getByText(reply)).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByTestId("typing-indicator")).toHaveCount(0);
    await expect(input).toBeEnabled();
    await expect(input).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Boundless replied" })).toHaveText(
      `Boundless replied: ${reply}`,
    );
    await expect(conversation.locator("time")).toHaveCount(3);
  });

  test("a weather question shows the forecast card; the conversation survives navigation and reload", async ({
    page,
  }) => {
    await scriptModel(page, ["Paris looks mixed this week: pack a light jacket and an umbrella."]);
    await page.goto("/");
    const panel = await openChat(page);
    await panel.getByRole("textbox", { name: "Message" }).fill("What's the weather in Paris?");
    await panel.getByRole("button", { name: "Send" }).click();

    const card = panel.getByRole("figure", { name: "Forecast for Paris, FR" });
    await expect(card).toBeVisible();
    const days = card.getByRole("listitem");
    await expect(days).toHaveCount(5);
    await expect(days.first()).toContainText("Today");
    await expect(days.first()).toContainText("High 59.0°F · Low 46.4°F");
    await expect(days.nth(1)).toContainText("Bring a raincoat and an umbrella.");
    await expect(
      card
        .getByRole("img", { name: "slight rain" })
        .or(card.getByRole("img", { name: "moderate rain" })),
    ).toBeVisible();
    await expect(card.getByRole("link", { name: "Open-Meteo.com" })).toHaveAttribute(
      "href",
      "https://open-meteo.com/",
    );
    await expect(
      panel
        .getByRole("list", { name: "Conversation" })
        .getByText("pack a light jacket and an umbrella."),
    ).toBeVisible();
    await expectAxeClean(page, "forecast card");

    await page
      .getByRole("navigation", { name: "Quick links" })
      .getByRole("link", { name: "Features" })
      .click();
    await expect(page).toHaveURL(/\/features$/);
    const kept = page.getByRole("region", { name: "Boundless Assistant" });
    await expect(kept.getByRole("figure", { name: "Forecast for Paris, FR" })).toBeVisible();
    await page.reload();
    await expect(kept.getByText("What's the weather in Paris?")).toBeVisible();
    await expect(kept.getByRole("figure", { name: "Forecast for Paris, FR" })).toBeVisible();
    await expect(kept.getByText(GREETING)).toHaveCount(1);
  });

  test("a failed request shows the apology and keeps the conversation", async ({ page }) => {
    await page.request.post(`${aiControl}/reset`);
    await page.goto("/");
    const panel = await openChat(page);
    // The server failing outright stands in for any failed request.
    await page.route("**/api/chat", (route) => route.fulfill({ status: 500, body: "{}" }));
    await panel.getByRole("textbox", { name: "Message" }).fill("Hello?");
    await panel.getByRole("textbox", { name: "Message" }).press("Enter");
    const conversation = panel.getByRole("list", { name: "Conversation" });
    await expect(
      conversation.getByText("Sorry, I encountered an error. Please try again."),
    ).toBeVisible();
    await expect(conversation.getByText("Hello?")).toBeVisible();
    await expect(conversation.getByText(GREETING)).toBeVisible();
    await expect(panel.getByRole("textbox", { name: "Message" })).toBeEnabled();
  });

  test("is usable full width on a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    const panel = await openChat(page);
    const box = await panel.boundingBox();
    expect(box?.width).toBeGreaterThan(330);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
