import { describe, expect, it } from "vitest";
import type { PublicConfig } from "#shared/schemas/config.ts";
import { PRERENDERED_PATHS, prerenderPage } from "./prerender.tsx";

const config: PublicConfig = {
  providers: { google: true, github: false },
  ai: { mode: "offline" },
  planner: "general",
  weather: { provider: "open-meteo" },
  mail: { mode: "outbox" },
  contactEmail: "hello@example.test",
  map: { tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OSM" },
};

describe("prerenderPage", () => {
  it("renders each public page whole, its lazy parts included, as it looks while the session is checked", async () => {
    for (const path of PRERENDERED_PATHS) {
      const html = await prerenderPage(path, config);
      expect(html, path).toContain('<nav aria-label="Main"');
      expect(html, path).toMatch(/<h1[^>]*>/);
      // No "Login"/"Sign Up"/"Sign Out" yet: the top bar waits for the session, as in the browser.
      expect(html, path).not.toContain(">Sign Out<");
      expect(html, path).toContain("hello@example.test");
    }
  });

  it("says what the server's config says: what plans are made from, the providers that are set up", async () => {
    const home = await prerenderPage("/", config);
    expect(home).toContain("Your next trip, planned in minutes");
    expect(home).toContain("Plans use general suggestions (kinds of places, not named venues)");
    expect(home).not.toContain("README");
    // The Home form is in the page with its plain defaults, closed until React takes it over (a
    // visitor's typing would be replaced then); the session, profile and a draft fill it later.
    expect(home).not.toContain("Loading...");
    expect(home).toMatch(
      /<fieldset disabled="" class="grid[^"]*"><div[^>]*><label for="[^"]+"[^>]*>Destination</,
    );
    expect(home).toMatch(/<input type="radio" name="travelStyle" checked="" value="comfort"\/>/);
    expect(home).not.toMatch(/type="checkbox"[^>]*checked/);
    const places = await prerenderPage("/", { ...config, planner: "real-places" });
    expect(places).toContain(
      "Plans are built from real OpenStreetMap places near your destination",
    );
    expect(places).not.toContain("general suggestions");
    const online = await prerenderPage("/", {
      ...config,
      ai: { mode: "online" },
      planner: "model",
    });
    expect(online).toContain("Plans are written by an AI model");
    expect(online).not.toContain("OpenStreetMap places near");

    const login = await prerenderPage("/login", config);
    expect(login).toContain("GitHub<!-- --> sign-in is not set up on this server yet.");
    expect(login).not.toContain("Google<!-- --> sign-in is not set up");
    // The submit button is disabled until the browser's React takes the form over.
    expect(login).toMatch(/<button type="submit" disabled=""/);
  });

  it("refuses a page that is not public", async () => {
    await expect(prerenderPage("/trips", config)).rejects.toThrow("/trips is not prerendered");
  });
});
