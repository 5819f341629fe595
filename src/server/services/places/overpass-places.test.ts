import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INTERESTS } from "#shared/constants.ts";
import type { Database } from "#server/db/database.ts";
import { createLogger } from "#server/lib/logger.ts";
import {
  startOverpassFake,
  type OverpassFailure,
  type OverpassFake,
} from "#tests/fakes/overpass-fake.ts";
import { FAKE_DESTINATIONS } from "#tests/fakes/overpass-places.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createOverpassClient, overpassUserAgent } from "./overpass-client.ts";
import { createOverpassPlaces } from "./overpass-places.ts";
import { PLACES_CACHE_TTL_MS } from "./places-cache.ts";
import { DISABLED_PLACES, PlacesError, type PlacesService } from "./places-service.ts";

const { paris, lisbon, nowhere } = FAKE_DESTINATIONS;
const USER_AGENT = overpassUserAgent("https://trips.example.org", "ops@example.org");
const options = () => ({ signal: AbortSignal.timeout(20_000) });

let fake: OverpassFake;
let database: Database;
let clock = Date.now();

/** A fresh service instance (its own client and limits) over the shared database and the fake. */
function service(overrides: { timeoutMs?: number } = {}): PlacesService {
  return createOverpassPlaces({
    db: database.db,
    logger: createLogger("silent"),
    client: createOverpassClient({
      url: fake.url,
      userAgent: USER_AGENT,
      timeoutMs: overrides.timeoutMs ?? 2000,
      retryDelayMs: 20,
    }),
    now: () => clock,
  });
}

beforeAll(async () => {
  fake = await startOverpassFake();
  database = await createTestDatabase();
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(async () => {
  fake.reset();
  clock = Date.now();
  await database.db.execute(sql`delete from places_cache`);
});

describe("candidates", () => {
  it("gives named places for an interest, notable first, then nearest", async () => {
    const places = await service().candidates(paris, ["Culture & Arts"], options());
    // Louvre (1.3 km) and Orsay (1.9 km) are notable; the theatre (0.5 km) and gallery (0.9 km) are not.
    expect(places.map((p) => p.name)).toEqual([
      "Musée du Louvre",
      "Musée d'Orsay",
      "Théâtre du Châtelet",
      "Galerie Perrotin",
    ]);
    expect(places[0]).toEqual({
      osmId: "way/1001",
      name: "Musée du Louvre",
      kind: "museum",
      lat: 48.8611,
      lng: 2.3358,
      address: "Rue de Rivoli, 75001 Paris",
      openingHours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
      website: "https://www.louvre.fr/",
      notable: true,
      interests: ["Culture & Arts"],
      tags: expect.objectContaining({ wikidata: "Q19675" }) as unknown,
    });
    expect(places[1]).toMatchObject({ osmId: "node/1002", lat: 48.86, lng: 2.3266 });
    // A bare domain becomes an https address.
    expect(places[2]).toMatchObject({ kind: "theatre", website: "https://chatelet.com/" });
    expect(places[3]).toMatchObject({ openingHours: null, website: null, address: null });
  });

  it("sends one polite request: form-encoded QL, our User-Agent, settings and `out center tags`", async () => {
    await service().candidates(paris, ["Culture & Arts"], options());
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe("POST");
    expect(request!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request!.userAgent).toBe(
      "Boundless/0.1.0 (+https://trips.example.org; mailto:ops@example.org)",
    );
    expect(request!.query).toMatch(/^\[out:json\]\[timeout:25\];\(nwr/);
    expect(request!.query).toContain(
      'nwr["tourism"~"^(museum|gallery)$"]["name"](around:8000,48.857000,2.352000);',
    );
    expect(request!.query).toMatch(/;\);out center tags 200;$/);
  });

  it("never uses unnamed elements, far ones, or unsafe websites", async () => {
    const places = await service().candidates(paris, ["Food & Dining"], options());
    const names = places.map((p) => p.name);
    expect(names).toEqual([
      "Café de Flore",
      "Bistrot de l'Hôtel de Ville",
      "Chez Malice",
      "Marché des Enfants Rouges",
      "Le Procope",
    ]);
    expect(places.every((p) => p.name.trim() !== "")).toBe(true);
    expect(places.map((p) => p.osmId)).not.toContain("node/1090");
    expect(places.find((p) => p.name === "Chez Malice")!.website).toBeNull();
    expect(places.find((p) => p.name === "Le Procope")!.address).toBe(
      "Rue de l'Ancienne Comédie 13",
    );
  });

  it("evaluates every condition of a selector: heritage attractions yes, heritage plaques no", async () => {
    const names = (await service().candidates(paris, ["History"], options())).map((p) => p.name);
    expect(names).toEqual(["Tour Saint-Jacques", "Arc de Triomphe"]);
  });

  it("lists a place found for two interests once, with both", async () => {
    const places = await service().candidates(paris, ["Food & Dining", "Shopping"], options());
    expect(fake.requests).toHaveLength(2);
    const market = places.filter((p) => p.name === "Marché des Enfants Rouges");
    expect(market).toHaveLength(1);
    expect(market[0]!.interests).toEqual(["Food & Dining", "Shopping"]);
    // Shopping: the department store and the Wikidata shop, not the bakery.
    expect(places.map((p) => p.name)).toEqual(
      expect.arrayContaining(["Galeries Lafayette Haussmann", "Shakespeare and Company"]),
    );
    expect(places.map((p) => p.name)).not.toContain("Boulangerie du Coin");
  });

  it("costs a new destination one request per interest, 7 at most, and ignores unknown interests", async () => {
    const places = await service().candidates(
      lisbon,
      [...INTERESTS, "Culture & Arts", "Knitting"],
      options(),
    );
    expect(fake.requests).toHaveLength(INTERESTS.length);
    expect(fake.requests.length).toBeLessThanOrEqual(8);
    expect(places.slice(0, 3).every((p) => p.notable)).toBe(true);
    expect(places.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        "Mosteiro dos Jerónimos",
        "Praia de Carcavelos",
        "Cervejaria Ramiro",
      ]),
    );
    expect(places.map((p) => p.osmId)).not.toContain("node/2013");
  });

  it("answers a second lookup from the database: no request, from any instance", async () => {
    const first = await service().candidates(lisbon, ["History", "Food & Dining"], options());
    expect(fake.requests).toHaveLength(2);
    const again = await service().candidates(lisbon, ["Food & Dining", "History"], options());
    // A point 30 m away is the same destination.
    const nearby = await service().candidates(
      { lat: lisbon.lat + 0.0002, lng: lisbon.lng - 0.0002 },
      ["History"],
      options(),
    );
    expect(fake.requests).toHaveLength(2);
    expect(new Set(again.map((p) => p.osmId))).toEqual(new Set(first.map((p) => p.osmId)));
    expect(nearby.map((p) => p.name)).toEqual(["Mosteiro dos Jerónimos", "Torre de Belém"]);
    // Only the missing interest is asked for.
    await service().candidates(lisbon, ["History", "Relaxation"], options());
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2]!.query).toContain('["natural"="beach"]');
  });

  it("asks again after 30 days", async () => {
    const places = service();
    await places.candidates(paris, ["History"], options());
    clock += PLACES_CACHE_TTL_MS - 60_000;
    await places.candidates(paris, ["History"], options());
    expect(fake.requests).toHaveLength(1);
    clock += 120_000;
    await places.candidates(paris, ["History"], options());
    expect(fake.requests).toHaveLength(2);
  });

  it("says there is nothing where there is nothing (an empty answer is not a failure)", async () => {
    await expect(service().candidates(nowhere, ["Culture & Arts"], options())).resolves.toEqual([]);
    expect(fake.requests).toHaveLength(1);
    await expect(service().candidates(nowhere, ["Culture & Arts"], options())).resolves.toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it("runs at most 2 requests at a time per instance", async () => {
    fake.setDelay(150);
    const places = service();
    await Promise.all([
      places.candidates(paris, INTERESTS, options()),
      places.candidates(lisbon, INTERESTS, options()),
    ]);
    expect(fake.requests).toHaveLength(2 * INTERESTS.length);
    expect(fake.maxConcurrent).toBe(2);
  });
});

describe("failures", () => {
  const cases: [OverpassFailure, PlacesError["reason"]][] = [
    ["remark", "timeout"],
    ["busy", "busy"],
    ["gateway-timeout", "timeout"],
    ["hang", "timeout"],
    ["bad-body", "bad_response"],
  ];

  it.each(cases)(
    "%s is a PlacesError (%s) after one retry, never 'no places'",
    async (kind, reason) => {
      fake.setFailure(kind);
      const error = await service({ timeoutMs: 300 })
        .candidates(paris, ["Culture & Arts"], options())
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlacesError);
      expect((error as PlacesError).reason).toBe(reason);
      expect((error as PlacesError).message).toMatch(/OpenStreetMap/);
      expect(fake.requests).toHaveLength(2);
      // Nothing was stored: the next lookup asks again.
      fake.setFailure(null);
      expect(await service().candidates(paris, ["Culture & Arts"], options())).toHaveLength(4);
      expect(fake.requests).toHaveLength(3);
    },
  );

  it.each(cases)("%s once is retried and answered", async (kind) => {
    fake.setFailure(kind, 1);
    const places = await service({ timeoutMs: 300 }).candidates(paris, ["History"], options());
    expect(places.map((p) => p.name)).toEqual(["Tour Saint-Jacques", "Arc de Triomphe"]);
    expect(fake.requests).toHaveLength(2);
  });

  it("fails the whole answer when one interest fails, keeping the others for next time", async () => {
    const places = service();
    await places.candidates(paris, ["History"], options());
    fake.setFailure("busy");
    await expect(places.candidates(paris, ["History", "Shopping"], options())).rejects.toThrow(
      PlacesError,
    );
    fake.setFailure(null);
    await places.candidates(paris, ["History", "Shopping"], options());
    expect(fake.requests.filter((r) => r.query.includes('"historic"'))).toHaveLength(1);
  });

  it("uses an expired answer when asking again fails", async () => {
    const places = service();
    await places.candidates(paris, ["History"], options());
    clock += PLACES_CACHE_TTL_MS + 1;
    fake.setFailure("gateway-timeout");
    const stale = await places.candidates(paris, ["History"], options());
    expect(stale.map((p) => p.name)).toEqual(["Tour Saint-Jacques", "Arc de Triomphe"]);
    expect(fake.requests).toHaveLength(3);
  });

  it("stops at once when the caller gives up", async () => {
    fake.setFailure("hang");
    const controller = new AbortController();
    const pending = service({ timeoutMs: 10_000 }).candidates(paris, ["History"], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error("client went away")), 100);
    const started = Date.now();
    await expect(pending).rejects.toThrow("client went away");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fake.requests).toHaveLength(1);
  });

  it("says so when real places are off", async () => {
    expect(DISABLED_PLACES.enabled).toBe(false);
    const error = await DISABLED_PLACES.candidates(paris, ["History"], options()).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PlacesError);
    expect((error as PlacesError).reason).toBe("off");
    await expect(DISABLED_PLACES.search("Louvre", paris, options())).rejects.toThrow(
      "Real places from OpenStreetMap are turned off on this server.",
    );
  });
});

describe("findByName and search", () => {
  it("finds a place by name with one request, then from the cache", async () => {
    const places = service();
    const louvre = await places.findByName("musée du louvre", paris, options());
    expect(louvre).toMatchObject({ osmId: "way/1001", name: "Musée du Louvre" });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.query).toContain('nwr["name"~"musée du louvre",i](around:15000,');
    expect(await places.findByName("Musée du Louvre ", paris, options())).toMatchObject({
      osmId: "way/1001",
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("uses the destination's cached candidates without a request", async () => {
    const places = service();
    await places.candidates(paris, ["Food & Dining"], options());
    expect(await places.findByName("Café de Flore", paris, options())).toMatchObject({
      osmId: "node/1011",
    });
    expect(await places.search("caf", paris, options())).toEqual([
      expect.objectContaining({ name: "Café de Flore" }),
    ]);
    expect(fake.requests).toHaveLength(1);
  });

  it("returns null for a place that is not there, and remembers that too", async () => {
    const places = service();
    expect(await places.findByName("Atlantis Grand Museum", paris, options())).toBeNull();
    expect(await places.findByName("Atlantis Grand Museum", paris, options())).toBeNull();
    expect(fake.requests).toHaveLength(1);
  });

  it("searches by part of a name, best match first, with any characters quoted safely", async () => {
    const places = service();
    const found = await places.search("Musée", paris, options());
    expect(found.map((p) => p.name)).toEqual(["Musée du Louvre", "Musée d'Orsay"]);
    for (const q of ['Café "Flore', "(Paris", "a\\b", "x]; out;"]) {
      await expect(places.search(q, paris, options())).resolves.toEqual([]);
    }
    expect(fake.requests).toHaveLength(5);
    expect(await places.search("   ", paris, options())).toEqual([]);
    expect(fake.requests).toHaveLength(5);
  });
});
