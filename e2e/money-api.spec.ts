import { expect, test } from "@playwright/test";
import { freshEmail, signUpByApi } from "./support/accounts.ts";
import { joinTrip } from "./support/companions.ts";

// The money API on the real stack (the production build, the Frankfurter fake on E2E_PORT + 11):
// the wiring the screens' own spec builds on. Three people, a dinner in euros split three ways.

type Balances = {
  currency: string;
  members: { userId: string; name: string; paid: number; share: number; net: number }[];
  settle: { from: string; to: string; amount: number }[];
};

test("a dinner in euros split three ways: rates from the fake, balances and the fewest transfers", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = { Origin: baseURL! };
  await signUpByApi(page, baseURL!, "Ana Owner", freshEmail("ana"));
  // Paris: a destination the stack's geocoder fake knows (France, so euros).
  const created = await page.request.post("/api/trips", {
    data: {
      destination: "Paris",
      startDate: "2027-05-03",
      endDate: "2027-05-05",
      budget: 1500,
      travelStyle: "comfort",
      interests: ["History"],
    },
    headers: { ...origin, Accept: "application/json" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { trip } = (await created.json()) as { trip: { id: string } };

  const read = await page.request.get(`/api/trips/${trip.id}`);
  const { trip: withRates } = (await read.json()) as {
    trip: { place: { currency?: string } | null; rates: { date: string; USD: object } | null };
  };
  expect(withRates.place?.currency).toBe("EUR");
  expect(withRates.rates?.USD).toEqual({ EUR: 0.9 });

  const contexts = [await browser.newContext(), await browser.newContext()];
  const [ben, cai] = await Promise.all(contexts.map((c) => c.newPage()));
  await joinTrip(page, ben!, baseURL!, trip.id, { name: "Ben Editor", role: "editor" });
  await joinTrip(page, cai!, baseURL!, trip.id, { name: "Cai Viewer", role: "viewer" });
  const members = (await (await page.request.get(`/api/trips/${trip.id}/members`)).json()) as {
    members: { userId: string; name: string }[];
  };
  const id = (name: string) => members.members.find((m) => m.name === name)!.userId;

  const added = await ben!.request.post(`/api/trips/${trip.id}/expenses`, {
    headers: origin,
    data: {
      amount: 84,
      currency: "EUR",
      date: "2027-05-03",
      category: "food",
      description: "Dinner",
      paidBy: id("Ben Editor"),
      split: { kind: "equal", among: [id("Ana Owner"), id("Ben Editor"), id("Cai Viewer")] },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { expense } = (await added.json()) as { expense: { amountUsd: number; rate: number } };
  expect(expense).toMatchObject({ amountUsd: 93.33, rate: 0.9 });

  const balances = (await (
    await cai!.request.get(`/api/trips/${trip.id}/balances`)
  ).json()) as Balances;
  // Settled in the trip's currency (its only expense is in euros): exact, no rate in between.
  expect(balances.currency).toBe("EUR");
  const net = Object.fromEntries(balances.members.map((m) => [m.name, m.net]));
  expect(net).toEqual({ "Ana Owner": -28, "Ben Editor": 56, "Cai Viewer": -28 });
  expect(balances.settle).toHaveLength(2);
  expect(balances.settle.every((t) => t.to === id("Ben Editor") && t.amount === 28)).toBe(true);

  const csv = await cai!.request.get(`/api/trips/${trip.id}/expenses.csv`);
  expect((await csv.text()).split("\r\n")[1]).toContain("Dinner,Food,84.00,EUR,93.33");
  await Promise.all(contexts.map((c) => c.close()));
});
