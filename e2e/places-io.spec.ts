import { readFileSync } from "node:fs";
import { gpx, kml } from "@tmcw/togeojson";
import { DOMParser } from "@xmldom/xmldom";
import { expect, test, type Page } from "@playwright/test";
import Papa from "papaparse";
import { freshEmail, signUpVerifiedByApi } from "./support/accounts.ts";
import { expectAxeClean } from "./support/axe.ts";
import { createTrip, storedTrip } from "./support/trips.ts";

/*
 * Saved places in and out (issue 50), in the browser: a GPX of Lisbon places read into the trip's
 * import preview, one unticked, the rest added to Day 2; "Open in maps" and "Directions" for them;
 * the Export menu's four files downloaded and read back by the libraries the import uses; and on
 * Home, "Start from saved places" making a new trip from a Google Takeout file.
 */

const FIXTURES = "tests/fixtures/places/";
const fixture = (name: string, mimeType: string) => ({
  name,
  mimeType,
  buffer: readFileSync(FIXTURES + name),
});

const LISBON_PLACES = [
  "Torre de Belém",
  "Mosteiro dos Jerónimos",
  "Miradouro de Santa Luzia",
  "Sé de Lisboa",
];

const xml = (text: string) => new DOMParser().parseFromString(text, "text/xml");

/** Downloads one item of the Export menu and gives back its file name and text. */
async function exportFile(page: Page, item: string) {
  await page.getByRole("button", { name: "Export" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: item }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, "utf8") };
}

test.describe("saved places on a trip", () => {
  test("import preview and apply, Open in maps, and the Export menu's four files", async ({
    page,
    baseURL,
  }) => {
    await signUpVerifiedByApi(page, baseURL!, "Places Tester", freshEmail("places-io"));
    const trip = await createTrip(page, baseURL!);
    await page.goto(`/trips/${trip.id}`);

    await page.getByRole("button", { name: "Import places" }).click();
    const dialog = page.getByRole("dialog", { name: "Import saved places" });
    await dialog
      .getByLabel("Files of saved places")
      .setInputFiles([fixture("trail.gpx", "application/gpx+xml")]);
    await dialog.getByRole("button", { name: "Read files" }).click();
    const found = dialog.getByRole("group", { name: "5 places found" });
    await expect(found).toBeVisible();
    for (const title of [...LISBON_PLACES, "Castelo de São Jorge"])
      await expect(found.getByRole("checkbox", { name: new RegExp(title) })).toBeChecked();
    // The broken point is named with its line, not silently dropped.
    await dialog.getByText("1 line skipped").click();
    await expect(dialog.getByText(/line 3: Broken point/)).toBeVisible();
    await expectAxeClean(page, "import preview");

    await found.getByRole("checkbox", { name: /Castelo de São Jorge/ }).uncheck();
    await dialog.getByLabel("Add to day").selectOption("2027-05-04");
    await dialog.getByRole("button", { name: "Add 4 places" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Added 4 places." })).toBeVisible();

    const saved = await storedTrip(page, trip.id);
    const day2 = saved.itinerary.days[1]!.activities;
    expect(day2.slice(-4).map((a) => a.activity)).toEqual(LISBON_PLACES);
    expect(day2.find((a) => a.activity === "Torre de Belém")?.description).toBe("Tickets online");
    expect(saved.itinerary.days.flatMap((d) => d.activities.map((a) => a.activity))).not.toContain(
      "Castelo de São Jorge",
    );

    // "Open in maps" for Day 2 goes through its places in order; each place has its Directions.
    await page
      .getByRole("navigation", { name: "Days" })
      .getByRole("button", { name: /^Day 2/ })
      .click();
    const maps = page.getByRole("navigation", { name: "Open 2027-05-04 in maps" });
    await expect(maps).toBeVisible();
    const google = new URL(
      (await maps.getByRole("link", { name: "Google Maps" }).getAttribute("href"))!,
    );
    expect(google.origin + google.pathname).toBe("https://www.google.com/maps/dir/");
    expect(google.searchParams.get("destination")).toBe("38.710700,-9.136500");
    expect(await maps.getByRole("link", { name: "Apple Maps" }).getAttribute("href")).toMatch(
      /^https:\/\/maps\.apple\.com\/\?saddr=/,
    );
    expect(await maps.getByRole("link", { name: "OpenStreetMap" }).getAttribute("href")).toContain(
      "38.691600,-9.216000;38.697900,-9.206800;38.713900,-9.133400;38.710700,-9.136500",
    );
    const directions = page.getByRole("link", { name: "Directions to Torre de Belém" });
    expect(new URL((await directions.getAttribute("href"))!).searchParams.get("destination")).toBe(
      "38.691600,-9.216000",
    );
    await expectAxeClean(page, "trip page with imported places");

    // Export: each file as a download, read back by the libraries the import reads them with.
    const gpxFile = await exportFile(page, "GPX (GPS, Organic Maps)");
    expect(gpxFile.name).toMatch(/\.gpx$/);
    const waypoints = gpx(xml(gpxFile.text)).features.filter((f) => f.geometry?.type === "Point");
    expect(waypoints.map((f) => String(f.properties?.name))).toEqual(
      expect.arrayContaining(LISBON_PLACES),
    );

    const kmlFile = await exportFile(page, "KML (Google My Maps)");
    expect(kmlFile.name).toMatch(/\.kml$/);
    expect(kmlFile.text).toContain("<name>Day 2 (2027-05-04)</name>");
    const placemarks = kml(xml(kmlFile.text)).features.map((f) => String(f.properties?.name));
    expect(placemarks).toEqual(expect.arrayContaining([...LISBON_PLACES, "Activity 1"]));

    const geojsonFile = await exportFile(page, "GeoJSON");
    expect(geojsonFile.name).toMatch(/\.geojson$/);
    const collection = JSON.parse(geojsonFile.text) as {
      type: string;
      features: { properties: { name?: string; kind?: string } }[];
    };
    expect(collection.type).toBe("FeatureCollection");
    const belem = collection.features.find((f) => f.properties.name === "Torre de Belém");
    expect(belem?.properties.kind).toBe("activity");

    const csvFile = await exportFile(page, "CSV (spreadsheet)");
    expect(csvFile.name).toMatch(/\.csv$/);
    expect(csvFile.text.startsWith("\uFEFF")).toBe(true);
    const rows = Papa.parse<string[]>(csvFile.text.slice(1), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      "date",
      "time",
      "title",
      "place",
      "address",
      "lat",
      "lng",
      "cost",
      "currency",
      "notes",
    ]);
    const belemRow = rows.find((row) => row[2] === "Torre de Belém");
    expect(belemRow?.slice(0, 1)).toEqual(["2027-05-04"]);
    expect(belemRow?.slice(5, 7)).toEqual(["38.6916", "-9.216"]);
    expect(belemRow?.[9]).toBe("Tickets online");
    // The menu open, for axe too.
    await page.getByRole("button", { name: "Export" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectAxeClean(page, "export menu");
  });
});

test.describe("Start from saved places on Home", () => {
  test("a Takeout file read into a preview, then a new trip made with the ticked places", async ({
    page,
    baseURL,
  }) => {
    await signUpVerifiedByApi(page, baseURL!, "Home Places", freshEmail("home-places"));
    await page.goto("/");
    await page.getByRole("button", { name: "Start from saved places" }).click();
    const panel = page.getByRole("region", { name: "Start from saved places" });
    await panel
      .getByLabel("Files of saved places")
      .setInputFiles([fixture("saved-places-current.json", "application/json")]);
    await expectAxeClean(page, "Home: choosing files");
    await panel.getByRole("button", { name: "Read files" }).click();

    const found = panel.getByRole("group", { name: "3 places found" });
    await expect(found).toBeVisible();
    await expect(found.getByText("Ask for the terrace")).toBeVisible();
    await found.getByRole("checkbox", { name: /Jardin du Luxembourg bench/ }).uncheck();
    await expectAxeClean(page, "Home: preview");

    // The planning form's rules: nothing is made without a budget.
    await panel.getByLabel("Destination").fill("Paris");
    await panel.getByLabel("Start date").fill("2027-09-10");
    await panel.getByLabel("End date").fill("2027-09-12");
    await panel.getByRole("button", { name: "Create trip with 2 places" }).click();
    await expect(panel.getByText("Budget is required")).toBeVisible();
    await panel.getByLabel("Budget (USD)").fill("900");
    await panel.getByRole("button", { name: "Create trip with 2 places" }).click();

    await expect(page).toHaveURL(/\/trips\/[\w-]+$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const trip = await storedTrip(page, id);
    expect(trip.itinerary.days.map((d) => d.date)).toEqual([
      "2027-09-10",
      "2027-09-11",
      "2027-09-12",
    ]);
    expect(trip.itinerary.days[0]!.activities.map((a) => [a.activity, a.description])).toEqual([
      ["Musée d'Orsay", ""],
      ["Le Procope", "Ask for the terrace"],
    ]);
    expect(trip.itinerary.days[1]!.activities).toEqual([]);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Paris");
  });
});
