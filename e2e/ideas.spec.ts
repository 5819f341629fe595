import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { PHONE, tripTogether } from "./support/companions.ts";
import { createTrip } from "./support/trips.ts";

const ANA = "Ana Owner";
const BRUNO = "Bruno Editor";
const RODIN_LINK =
  "https://www.google.com/maps/place/Mus%C3%A9e+Rodin/@48.855,2.315,17z/data=!4m6!3m5!1s0x0!8m2!3d48.8553!4d2.3158";

const ideaCard = (page: Page, title: string) =>
  page.getByRole("list", { name: "Ideas" }).getByRole("article", { name: title });

test.describe("Deciding together", () => {
  test("Ana adds an idea from a link; Bruno sees it and votes; Ana sees his vote; a poll; Add to day…", async ({
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
      await page.getByRole("tab", { name: "Ideas" }).click();
      await expect(page).toHaveURL(/\?tab=ideas$/);
      await bruno.goto(`/trips/${trip.id}?tab=ideas`);
      await expect(bruno.getByText("No ideas yet. Add the first one.")).toBeVisible({
        timeout: 30_000,
      });

      // From a link: its name and point are read from the address, nothing fetched.
      const form = page.getByRole("form", { name: "Add an idea" });
      await form.getByLabel("Link (optional)").fill(RODIN_LINK);
      await expect(form.getByLabel("Idea or place")).toHaveValue("Musée Rodin");
      await expect(form.getByText(/On the map: Musée Rodin/)).toBeVisible();
      await form.getByLabel("Note (optional)").fill("The garden first");
      await form.getByRole("button", { name: "Add idea" }).click();
      await expect(ideaCard(page, "Musée Rodin")).toBeVisible();

      // Bruno's page shows it live, and his vote reaches Ana's page.
      const brunosCard = ideaCard(bruno, "Musée Rodin");
      await expect(brunosCard).toBeVisible();
      await brunosCard.getByRole("button", { name: /Vote for Musée Rodin/ }).click();
      await expect(
        brunosCard.getByRole("button", { name: /Vote for Musée Rodin/ }),
      ).toHaveAttribute("aria-pressed", "true");
      const anasCard = ideaCard(page, "Musée Rodin");
      await expect(anasCard.getByText(`Up: ${BRUNO}`)).toBeVisible();
      await expect(
        anasCard.getByRole("button", { name: "Vote for Musée Rodin: 1 up" }),
      ).toBeVisible();

      // The idea's pin on the plan's map, in its own colour.
      await bruno.getByRole("tab", { name: "Plan" }).click();
      const brunosMap = bruno.getByRole("region", { name: "Trip map" });
      await expect(brunosMap.getByRole("img", { name: "Idea: Musée Rodin" })).toBeAttached({
        timeout: 30_000,
      });
      await expect(
        brunosMap.getByText(/Violet pins are the group's ideas: Musée Rodin/),
      ).toBeVisible();
      await bruno.getByRole("tab", { name: "Ideas" }).click();

      // A poll: Ana asks, Bruno answers, Ana sees who chose what.
      await page.getByRole("button", { name: "Ask the group" }).click();
      const ask = page.getByRole("form", { name: "Ask the group" });
      await ask.getByLabel("Question").fill("Which evening for the opera?");
      await ask.getByLabel("Option 1").fill("Monday");
      await ask.getByLabel("Option 2").fill("Tuesday");
      await ask.getByRole("button", { name: "Ask" }).click();
      const brunosPoll = bruno.getByRole("form", { name: /Which evening for the opera\?/ });
      await brunosPoll.getByRole("radio", { name: /Tuesday/ }).check();
      await brunosPoll.getByRole("button", { name: "Vote" }).click();
      await expect(
        page
          .getByRole("form", { name: /Which evening for the opera\?/ })
          .getByText(`1 vote (${BRUNO})`),
      ).toBeVisible();

      await expectAxeClean(page, "/trips/:id?tab=ideas on a phone, with an idea and a poll");

      // Add to day…: Day 2, and the idea is planned there.
      await anasCard.getByRole("button", { name: "Add to day…" }).click();
      await anasCard.getByLabel("Day for Musée Rodin").selectOption({ label: "Day 2 · Tue 4 May" });
      await anasCard.getByLabel("Time (optional)").fill("11:00");
      await anasCard.getByRole("button", { name: "Add", exact: true }).click();
      await expect(anasCard.getByText("Planned · Tue 4 May")).toBeVisible();
      await page.getByText("Planned", { exact: true }).click();
      await expect(ideaCard(page, "Musée Rodin")).toBeVisible();
      await page.getByRole("tab", { name: "Plan" }).click();
      await page.getByRole("button", { name: /Day 2/ }).first().click();
      await expect(page.getByRole("list", { name: /^Activities of Day 2/ })).toContainText(
        "Musée Rodin",
      );

      // "Move to ideas": a lunch leaves its day and joins the ideas; the planned idea's own
      // activity only leaves the day, and its idea is back on the list.
      const day2 = page.getByRole("list", { name: /^Activities of Day 2/ });
      await day2.getByRole("button", { name: "Move Musée Rodin to ideas" }).click();
      await expect(day2).not.toContainText("Musée Rodin");
      const lunch = day2.getByRole("button", { name: /^Move .* to ideas$/ }).first();
      const lunchName = ((await lunch.getAttribute("aria-label")) ?? "").replace(
        /^Move | to ideas$/g,
        "",
      );
      await lunch.click();
      await expect(day2).not.toContainText(lunchName);
      await page.getByRole("tab", { name: "Ideas" }).click();
      await expect(
        ideaCard(page, "Musée Rodin").getByText("Not planned", { exact: true }),
      ).toBeVisible();
      await expect(ideaCard(page, lunchName)).toBeVisible();

      // Offline: the idea waits in the tab and is sent when the connection returns.
      await page.context().setOffline(true);
      const offlineForm = page.getByRole("form", { name: "Add an idea" });
      await offlineForm.getByLabel("Idea or place").fill("Picnic in the Tuileries");
      await offlineForm.getByRole("button", { name: "Add idea" }).click();
      await expect(page.getByText(/Offline: Picnic in the Tuileries will be added/)).toBeVisible();
      await page.context().setOffline(false);
      await expect(ideaCard(page, "Picnic in the Tuileries")).toBeVisible();
      await expect(ideaCard(bruno, "Picnic in the Tuileries")).toBeVisible();
      await expect(page.getByText(/Offline: Picnic/)).toHaveCount(0);
    } finally {
      await close();
    }
  });

  test("an idea from a map click, edited on its card; a poll of dates with a closing time", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    await signUpByApi(page, baseURL!, ANA, freshEmail("ana-map"));
    const trip = await createTrip(page, baseURL!, { destination: "Paris" });
    await page.goto(`/trips/${trip.id}`);

    // A click on the map offers "Add to ideas" with that point.
    const map = page.getByRole("region", { name: "Trip map" });
    const canvas = map.getByTestId("trip-map-canvas");
    await expect(canvas.locator(".leaflet-container")).toBeVisible({ timeout: 30_000 });
    const box = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: 40, y: Math.round(box.height / 2) } });
    const offer = map.getByRole("form", { name: /Add to ideas: the point at/ });
    await offer.getByLabel("Name (optional)").fill("Picnic spot");
    await offer.getByRole("button", { name: "Add to ideas" }).click();
    await expect(offer).toHaveCount(0);
    await expect(map.getByText(/Violet pins are the group's ideas: Picnic spot/)).toBeVisible();

    // Its card shows the point's place; Edit changes its title and note in place.
    await page.getByRole("tab", { name: "Ideas" }).click();
    const card = ideaCard(page, "Picnic spot");
    await expect(card.getByText("📍 Picnic spot")).toBeVisible();
    await card.getByRole("button", { name: "Edit Picnic spot" }).click();
    const edit = card.getByRole("form", { name: "Edit Picnic spot" });
    await edit.getByLabel("Title").fill("Picnic by the Seine");
    await edit.getByLabel("Note (optional)").fill("Bring the blanket");
    await edit.getByRole("button", { name: "Save" }).click();
    const edited = ideaCard(page, "Picnic by the Seine");
    await expect(edited.getByText("Bring the blanket")).toBeVisible();

    // A poll of two date ranges, closing at a set time.
    await page.getByRole("button", { name: "Ask the group" }).click();
    const ask = page.getByRole("form", { name: "Ask the group" });
    await ask.getByLabel("Question").fill("Which weekend?");
    await ask.getByRole("button", { name: "Add dates" }).click();
    await ask.getByRole("button", { name: "Add dates" }).click();
    // The two typed options go: the dates stay.
    await ask.getByRole("button", { name: "Remove option 1" }).click();
    await ask.getByRole("button", { name: "Remove option 1" }).click();
    const first = ask.getByRole("group", { name: "Option 1: dates" });
    await first.getByLabel("From").fill("2027-05-01");
    await first.getByLabel("To").fill("2027-05-02");
    const second = ask.getByRole("group", { name: "Option 2: dates" });
    await second.getByLabel("From").fill("2027-05-08");
    await second.getByLabel("To").fill("2027-05-09");
    await ask.getByLabel("Closes (optional)").fill("2027-04-20T18:00");
    await expectAxeClean(page, "/trips/:id?tab=ideas with the poll form's dates and an edit");
    await ask.getByRole("button", { name: "Ask" }).click();
    const poll = page.getByRole("form", { name: /Which weekend\?/ });
    await expect(poll).toBeVisible();
    await expect(poll.getByText(/closes /)).toBeVisible();
    await expect(poll.getByRole("radio")).toHaveCount(2);
  });
});
