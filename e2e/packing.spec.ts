import { expect, test, type Page } from "@playwright/test";
import { freshEmail } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { PHONE, tripTogether } from "./support/companions.ts";

const ANA = "Ana Owner";
const BRUNO = "Bruno Companion";

const sharedList = (page: Page) => page.getByRole("region", { name: "Shared list" });
const myList = (page: Page) => page.getByRole("region", { name: "Mine" });

test.describe("Packing together", () => {
  test("two people on phones: an item, an assignment and a tick seen by the other; suggestions; axe", async ({
    page,
    baseURL,
    browser,
  }) => {
    test.slow();
    const {
      trip,
      guests: [bruno],
      close,
    } = await tripTogether(page, browser, baseURL!, {
      owner: ANA,
      ownerEmail: freshEmail("ana"),
      guests: [{ name: BRUNO, role: "editor" }],
    });
    try {
      await page.goto(`/trips/${trip.id}`);
      await page.getByRole("tab", { name: "Packing" }).click();
      await expect(page).toHaveURL(/\?tab=packing$/);
      await expect(sharedList(page).getByText("0 of 0 packed")).toBeVisible({ timeout: 30_000 });
      await bruno.goto(`/trips/${trip.id}?tab=packing`);
      await expect(sharedList(bruno).getByText("0 of 0 packed")).toBeVisible({ timeout: 30_000 });

      // Ana adds the adapter to the shared list (the form checks with the shared schema first).
      const form = page.getByRole("form", { name: "Add an item to the shared list" });
      await form.getByRole("button", { name: "Add" }).click();
      await expect(form.getByText("Name is required")).toBeVisible();
      await form.getByLabel("Item").fill("Travel adapter");
      await form.getByLabel("Category").fill("Electronics");
      await form.getByRole("button", { name: "Add" }).click();
      await expect(
        sharedList(page).getByRole("checkbox", { name: "Travel adapter" }),
      ).toBeVisible();

      // Bruno sees it, and Ana's "Bruno brings it".
      const brunosAdapter = sharedList(bruno).getByRole("checkbox", { name: "Travel adapter" });
      await expect(brunosAdapter).toBeVisible();
      await sharedList(page)
        .getByLabel("Who brings Travel adapter")
        .selectOption({ label: `${BRUNO} brings it` });
      await expect(sharedList(bruno).getByLabel("Who brings Travel adapter")).toHaveValue(/.+/);

      // Bruno ticks it: Ana sees the shared list's progress move and who packed it.
      await brunosAdapter.check();
      await expect(sharedList(bruno).getByText("1 of 1 packed")).toBeVisible();
      await expect(sharedList(page).getByText("1 of 1 packed")).toBeVisible();
      await expect(sharedList(page).getByText(`Packed by ${BRUNO}`)).toBeVisible();

      // Her own list is hers: Bruno's page does not show it.
      const mine = page.getByRole("form", { name: "Add an item to my list" });
      await mine.getByLabel("Item").fill("Novel");
      await mine.getByRole("button", { name: "Add" }).click();
      await expect(myList(page).getByRole("checkbox", { name: "Novel" })).toBeVisible();
      await myList(page).getByRole("checkbox", { name: "Novel" }).check();
      await expect(myList(page).getByText("1 of 1 packed")).toBeVisible();
      await expect(myList(bruno).getByText("0 of 0 packed")).toBeVisible();

      // Suggestions from the trip, with reasons; Add puts one on the chosen list.
      await page.getByText("Suggestions from your trip").click();
      await expect(page.getByText(/France uses plug types C, E/)).toBeVisible({ timeout: 30_000 });
      await page.getByRole("button", { name: /^Add Plug adapter/ }).click();
      await expect(
        sharedList(page).getByRole("checkbox", { name: /Plug adapter \(type C\/E\)/ }),
      ).toBeVisible();
      await expect(
        sharedList(bruno).getByRole("checkbox", { name: /Plug adapter \(type C\/E\)/ }),
      ).toBeVisible();

      // Printed, the lists alone: no tabs, no buttons, no forms.
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("tab", { name: "Plan" })).toBeHidden();
      await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
      await expect(
        sharedList(page).getByRole("checkbox", { name: "Travel adapter" }),
      ).toBeVisible();
      await expect(form).toBeHidden();
      await page.emulateMedia({ media: "screen" });

      // On a phone, nothing runs off the side.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      await expectAxeClean(page, "/trips/:id?tab=packing on a phone");
    } finally {
      await close();
    }
  });

  test("a tick made offline waits, shows, and reaches the other person when the connection returns", async ({
    page,
    baseURL,
    browser,
  }) => {
    test.slow();
    const {
      trip,
      guests: [bruno],
      close,
    } = await tripTogether(page, browser, baseURL!, {
      owner: ANA,
      ownerEmail: freshEmail("ana-offline"),
      guests: [{ name: BRUNO, role: "editor" }],
    });
    try {
      await page.goto(`/trips/${trip.id}?tab=packing`);
      const form = page.getByRole("form", { name: "Add an item to the shared list" });
      await form.getByLabel("Item").fill("Tent");
      await form.getByRole("button", { name: "Add" }).click();
      const tent = sharedList(page).getByRole("checkbox", { name: "Tent" });
      await expect(tent).toBeVisible();
      await bruno.goto(`/trips/${trip.id}?tab=packing`);
      await expect(sharedList(bruno).getByText("0 of 1 packed")).toBeVisible({ timeout: 30_000 });

      await page.context().setOffline(true);
      await tent.check();
      await expect(page.getByText("Offline — 1 tick waiting")).toBeVisible();
      await expect(sharedList(page).getByText("1 of 1 packed")).toBeVisible();
      await expect(sharedList(bruno).getByText("0 of 1 packed")).toBeVisible();

      await page.context().setOffline(false);
      await expect(page.getByText("Offline — 1 tick waiting")).toBeHidden();
      await expect(sharedList(bruno).getByText("1 of 1 packed")).toBeVisible();
      await expect(sharedList(bruno).getByText(`Packed by ${ANA}`)).toBeVisible();
    } finally {
      await close();
    }
  });
});
