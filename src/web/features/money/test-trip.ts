import type { Expense } from "#shared/schemas/expenses.ts";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { MoneyMember } from "./money-member.ts";
import type { MoneyTrip } from "./trip-currencies.ts";

// Fixtures for the Money tab's tests: Paris then Zurich, three travellers.

const place = (name: string, country: string, currency: string): TripPlace => ({
  name,
  country,
  lat: 48.85,
  lng: 2.35,
  timezone: "Europe/Paris",
  currency,
});

export const MONEY_TRIP: MoneyTrip = {
  id: "00000000-0000-4000-8000-000000000001",
  version: 1,
  settlementCurrency: "EUR",
  startDate: "2027-05-03",
  endDate: "2027-05-06",
  place: place("Paris", "France", "EUR"),
  stops: [
    {
      id: "00000000-0000-4000-8000-0000000000a1",
      destination: "Paris",
      startDate: "2027-05-03",
      endDate: "2027-05-05",
      place: place("Paris", "France", "EUR"),
    },
    {
      id: "00000000-0000-4000-8000-0000000000a2",
      destination: "Zurich",
      startDate: "2027-05-05",
      endDate: "2027-05-06",
      place: place("Zurich", "Switzerland", "CHF"),
    },
  ],
  itinerary: {
    days: ["2027-05-03", "2027-05-04", "2027-05-05", "2027-05-06"].map((date, i) => ({
      date,
      activities: [
        {
          id: `00000000-0000-4000-8000-00000000010${i}`,
          time: "12:00",
          activity: "Lunch at the bistro",
          location: "Centre",
          description: "",
          cost: 30,
          durationMinutes: 60,
          lat: null,
          lng: null,
          why: null,
          osmId: null,
          openingHours: null,
          website: null,
        },
        {
          id: `00000000-0000-4000-8000-00000000020${i}`,
          time: "15:00",
          activity: "Museum visit",
          location: "Old town",
          description: "",
          cost: 20,
          durationMinutes: 60,
          lat: null,
          lng: null,
          why: null,
          osmId: null,
          openingHours: null,
          website: null,
        },
      ],
    })),
  },
};

export const ALICE: MoneyMember = { userId: "u-alice", name: "Alice" };
export const BOB: MoneyMember = { userId: "u-bob", name: "Bob" };
export const CAROL: MoneyMember = { userId: "u-carol", name: "Carol" };
export const MEMBERS = [ALICE, BOB, CAROL];

export const expenseOf = (fields: Partial<Expense>): Expense => ({
  id: "00000000-0000-4000-8000-000000000e01",
  tripId: MONEY_TRIP.id,
  amount: 90,
  currency: "EUR",
  date: "2027-05-03",
  category: "food",
  description: "Dinner",
  paidBy: ALICE.userId,
  split: { kind: "equal", among: MEMBERS.map((m) => m.userId) },
  amountUsd: 100,
  rate: 0.9,
  rateDate: "2027-05-03",
  createdBy: ALICE.userId,
  createdAt: "2027-05-03T20:00:00.000Z",
  updatedAt: "2027-05-03T20:00:00.000Z",
  version: 1,
  ...fields,
});
