import { describe, expect, it } from "vitest";
import type { PublicConfig } from "#shared/schemas/config.ts";
import { PRERENDERED_PATHS, prerenderPage } from "./prerender.tsx";

const config: PublicConfig = {
  providers: { google: true, github: false },
  ai: { mode: "offline" },
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

  it("says what the server's config says: the offline planner, the providers that are set up", async () => {
    const home = await prerenderPage("/", config);
    expect(home).toContain("Your next trip, planned in minutes");
    expect(home).toContain("Offline planner:");
    // The Home form is in the page with its plain defaults, closed until React takes it over (a
    // visitor's typing would be replaced then); the session, profile and a draft fill it later.
    expect(home).not.toContain("Loading...");
    expect(home).toMatch(
      /<fieldset disabled="" class="grid[^"]*"><div[^>]*><label for="[^"]+"[^>]*>Destination</,
    );
    expect(home).toMatch(/<input type="radio" name="travelStyle" checked="" value="comfort"\/>/);
    expect(home).not.toMatch(/type="checkbox"[^>]*checked/);
    const online = await prerenderPage("/", { ...config, ai: { mode: "online" } });
    expect(online).not.toContain("Offline planner:");

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
