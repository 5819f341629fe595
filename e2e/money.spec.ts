import { expect, test, type Page } from "@playwright/test";
import { freshEmail } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { PHONE, tripTogether } from "./support/companions.ts";

const ALICE = "Alice Owner";
const BOB = "Bob Companion";
const CAROL = "Carol Viewer";

const moneyTab = (page: Page) => page.getByRole("tab", { name: "Money" });
const addSection = (page: Page) => page.getByRole("region", { name: "Add an expense" });
const expenses = (page: Page) => page.getByRole("list", { name: "Expenses" });

test.describe("Money on the road", () => {
  test("Alice adds dinner in euros split three ways; everyone sees it, the balances and the chart", async ({
    page,
    baseURL,
    browser,
  }) => {
    // Three people, two joins by mail and three pages on a shared two-core machine.
    test.slow();
    const {
      trip,
      guests: [bob, carol],
      close,
    } = await tripTogether(page, browser, baseURL!, {
      owner: ALICE,
      ownerEmail: freshEmail("alice"),
      guests: [
        { name: BOB, role: "editor" },
        { name: CAROL, role: "viewer" },
      ],
    });
    try {
      // The plan's costs read in euros beside dollars (Paris pays in EUR).
      await page.goto(`/trips/${trip.id}`);
      await expect(
        page
          .getByRole("list", { name: /^Activities of Day/ })
          .getByText(/\$[\d,.]+ · ≈ €[\d,]+/)
          .first(),
      ).toBeVisible({ timeout: 30_000 });

      // Bob has the Money tab open while Alice adds the expense: it appears for him live.
      await bob.goto(`/trips/${trip.id}?tab=money`);
      await expect(bob.getByText("0 expenses")).toBeVisible({ timeout: 30_000 });

      // The tab by keyboard, from the Plan tab.
      await page.getByRole("tab", { name: "Plan" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(moneyTab(page)).toHaveAttribute("aria-selected", "true");
      await expect(page).toHaveURL(/\?tab=money$/);
      const form = addSection(page);
      await expect(form.getByLabel("Currency")).toHaveValue("EUR");

      // Adding an expense takes one phone screen: the whole form is in view at once.
      await form.scrollIntoViewIfNeeded();
      const box = await form.boundingBox();
      expect(box!.height).toBeLessThanOrEqual(PHONE.height);

      await form.getByLabel("Amount").fill("90");
      await form.getByLabel("Description").fill("Dinner at Le Procope");
      await form.getByLabel("Category").selectOption("food");
      await expect(form.getByLabel("Paid by")).toHaveValue(/.+/);
      for (const name of [ALICE, BOB, CAROL])
        await expect(form.getByRole("checkbox", { name })).toBeChecked();
      // Each person's part as it is typed: €30.00 three times.
      await expect(form.getByText("€30.00")).toHaveCount(3);
      await form.getByRole("button", { name: "Add expense" }).click();
      await expect(form.getByText("Added “Dinner at Le Procope”.")).toBeVisible();

      // The list: the amount in euros and what it came to in dollars (the fake's 1 USD = 0.9 EUR).
      const item = expenses(page).getByRole("listitem").filter({ hasText: "Dinner at Le Procope" });
      await expect(item).toContainText("€90.00");
      await expect(item).toContainText("≈ $100.00");

      // Balances in the trip's currency (its expenses are in euros): Alice paid €90, each share
      // is a third, exactly; two transfers settle it.
      const balances = page.getByRole("region", { name: "Balances" });
      await expect(balances.getByRole("row", { name: new RegExp(ALICE) })).toContainText(
        /€90\.00€30\.00is owed €60\.00/,
      );
      const transfers = balances.getByRole("list", { name: "Transfers" }).getByRole("listitem");
      await expect(transfers).toHaveCount(2);
      await expect(transfers.filter({ hasText: `${BOB} pays ${ALICE}` })).toContainText("€30.00");
      await expect(transfers.filter({ hasText: `${CAROL} pays ${ALICE}` })).toContainText("€30.00");

      // Planned vs spent: the chart (uPlot, loaded with it) and its table.
      const chart = page.getByRole("img", { name: /Chart of planned and spent per day/ });
      await expect(chart.locator("canvas")).toBeVisible();
      await page.getByText("The figures as a table").click();
      await expect(
        page
          .getByRole("table", { name: "Planned and spent per day, US dollars" })
          .getByRole("row", {
            name: /Mon, May 3/,
          }),
      ).toContainText("$100.00");
      await expectAxeClean(page, "/trips/:id?tab=money on a phone, with an expense");

      // Bob is told who added it; Alice is not told of her own expense.
      await expect(
        bob
          .getByRole("status")
          .filter({ hasText: `${ALICE} added` })
          .first(),
      ).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: `${ALICE} added` })).toHaveCount(0);
      // Bob sees it without reloading; Carol, a viewer, sees everything and cannot add.
      await expect(expenses(bob).getByText("Dinner at Le Procope")).toBeVisible();
      await carol.goto(`/trips/${trip.id}?tab=money`);
      await expect(expenses(carol).getByText("Dinner at Le Procope")).toBeVisible({
        timeout: 30_000,
      });
      await expect(addSection(carol)).toHaveCount(0);
      await expect(carol.getByRole("button", { name: /^Edit / })).toHaveCount(0);
      await expect(carol.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
        "href",
        `/api/trips/${trip.id}/expenses.csv`,
      );
      await expectAxeClean(carol, "/trips/:id?tab=money as a viewer");

      // Filters: by category and by person.
      await page
        .getByRole("region", { name: "Expenses" })
        .getByLabel("Category")
        .selectOption("lodging");
      await expect(page.getByText("0 of 1 expenses")).toBeVisible();
      await page.getByRole("region", { name: "Expenses" }).getByLabel("Category").selectOption("");
      await page
        .getByRole("region", { name: "Expenses" })
        .getByLabel("Person")
        .selectOption({ label: CAROL });
      await expect(page.getByText("1 expense", { exact: true })).toBeVisible();

      // Edit and delete, by the owner.
      await item.getByRole("button", { name: "Edit Dinner at Le Procope" }).click();
      await item.getByLabel("Amount").fill("60");
      await item.getByRole("button", { name: "Save expense" }).click();
      await expect(item).toContainText("€60.00");
      await expect(transfers.first()).toContainText("€20.00");
      await expect(expenses(bob).getByText("€60.00")).toBeVisible();
      // Carol, a viewer, has the tab open too: the change reaches her live, announced.
      await expect(expenses(carol).getByText("€60.00")).toBeVisible();
      await expect(carol.getByRole("status").filter({ hasText: `${ALICE} changed` })).toBeVisible();
      await item.getByRole("button", { name: "Delete Dinner at Le Procope" }).click();
      await item.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByText("0 expenses")).toBeVisible();
      await expect(balances.getByText("Everyone is settled.")).toBeVisible();
    } finally {
      await close();
    }
  });
});
