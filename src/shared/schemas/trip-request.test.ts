import { describe, expect, it } from "vitest";
import { tripRequestSchema } from "./trip-request.ts";
import { tripDates } from "../trip-dates.ts";

const valid = {
  destination: "  Lisbon  ",
  startDate: "2027-03-30",
  endDate: "2027-04-02",
  budget: 1200,
};

const messages = (value: unknown) => {
  const result = tripRequestSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("tripRequestSchema", () => {
  it("trims, defaults the style to comfort and de-duplicates interests", () => {
    expect(
      tripRequestSchema.parse({ ...valid, interests: ["History", "History", "Shopping"] }),
    ).toEqual({
      destination: "Lisbon",
      startDate: "2027-03-30",
      endDate: "2027-04-02",
      budget: 1200,
      travelStyle: "comfort",
      interests: ["History", "Shopping"],
      // The whole trip's fields left out: one traveller, no journey from home (issue 47).
      travellers: 1,
      lodging: { kind: "not-shared", needs: [] },
      cuisines: [],
      avoid: [],
    });
  });

  it("names the whole trip's field that is wrong", () => {
    expect(
      messages({
        ...valid,
        travellers: 21,
        lodging: { kind: "castle", needs: ["pets", "dragons"] },
        cuisines: ["Martian"],
        avoid: ["walking"],
      }),
    ).toEqual([
      "travellers: Travellers must be a whole number from 1 to 20",
      "lodging.kind: Where to stay must be any, hotel, entire-home, private-room, shared-room or not-shared",
      "lodging.needs.1: The place must allow: choose from pets, children-under-10, smoking, visitors, parties",
      expect.stringMatching(/^cuisines\.0: Food we'd like: choose from American, /),
      "avoid.0: Avoid must be flights or driving",
    ]);
  });

  it("keeps a party's answers, de-duplicated, and reads an empty From as none", () => {
    const parsed = tripRequestSchema.parse({
      ...valid,
      origin: " ",
      travellers: 4,
      lodging: { kind: "entire-home", needs: ["pets", "pets"] },
      cuisines: ["French", "Italian", "French"],
      avoid: ["flights"],
    });
    expect(parsed).toMatchObject({
      origin: null,
      travellers: 4,
      lodging: { kind: "entire-home", needs: ["pets"] },
      cuisines: ["French", "Italian"],
      avoid: ["flights"],
    });
  });

  it("names every missing required field", () => {
    // The destination is checked with the stops (it may be left out when there are stops), so last.
    expect(messages({ budget: Number.NaN })).toEqual([
      "startDate: Start date is required",
      "endDate: End date is required",
      "budget: Budget is required",
      "destination: Destination is required",
    ]);
  });

  it("reports the date order even while another field is wrong", () => {
    expect(messages({ ...valid, endDate: "2027-03-29", budget: -1 })).toEqual([
      "budget: Budget must be at least 1 USD",
      "endDate: End date cannot be before start date",
    ]);
  });

  it("allows a one-day trip and at most 30 days", () => {
    expect(messages({ ...valid, endDate: valid.startDate })).toEqual([]);
    expect(messages({ ...valid, endDate: "2027-04-28" })).toEqual([]);
    expect(messages({ ...valid, endDate: "2027-04-29" })).toEqual([
      "endDate: Trips can be at most 30 days long",
    ]);
  });

  it("rejects impossible dates, long destinations, unknown styles and interests", () => {
    expect(messages({ ...valid, startDate: "2027-02-30" })).toEqual([
      "startDate: Start date must be a valid date",
    ]);
    expect(messages({ ...valid, destination: "x".repeat(101) })).toEqual([
      "destination: Destination must be at most 100 characters",
    ]);
    expect(messages({ ...valid, travelStyle: "lavish" })).toEqual([
      "travelStyle: Choose luxury, comfort or budget",
    ]);
    expect(messages({ ...valid, interests: ["Skiing"] })).toEqual([
      "interests.0: Unknown interest",
    ]);
  });
});

describe("tripRequestSchema: what the database can store", () => {
  it("takes dates from 1900-01-01 to 9999-12-31 only (PostgreSQL has no year 0)", () => {
    expect(messages({ ...valid, startDate: "1900-01-01", endDate: "1900-01-01" })).toEqual([]);
    expect(messages({ ...valid, startDate: "9999-12-31", endDate: "9999-12-31" })).toEqual([]);
    expect(messages({ ...valid, startDate: "0000-01-01", endDate: "0000-01-01" })).toEqual([
      "startDate: Start date must be between 1900-01-01 and 9999-12-31",
      "endDate: End date must be between 1900-01-01 and 9999-12-31",
    ]);
    expect(messages({ ...valid, startDate: "1899-12-31", endDate: "1899-12-31" })).toHaveLength(2);
    expect(messages({ ...valid, startDate: "+10000-01-01" })[0]).toBe(
      "startDate: Start date must be a valid date",
    );
  });

  it("refuses a NUL or a lone surrogate in the destination, and keeps emoji", () => {
    for (const destination of ["Lis\u0000bon", "Lis\ud800bon", "\udc00", "Lisbon\ud83d"])
      expect(messages({ ...valid, destination })).toEqual([
        "destination: Destination contains characters that are not allowed",
      ]);
    expect(messages({ ...valid, destination: "Lisbon 🇵🇹 \u{1F30D}" })).toEqual([]);
  });

  it("wants a budget of at least 1 USD with at most two decimals", () => {
    expect(messages({ ...valid, budget: 1 })).toEqual([]);
    expect(messages({ ...valid, budget: 12.34 })).toEqual([]);
    expect(messages({ ...valid, budget: 999_999.99 })).toEqual([]);
    expect(messages({ ...valid, budget: 0.99 })).toEqual(["budget: Budget must be at least 1 USD"]);
    expect(messages({ ...valid, budget: 1.005 })).toEqual([
      "budget: Budget can have at most two decimals",
    ]);
    expect(messages({ ...valid, budget: 0.004 })).toEqual([
      "budget: Budget must be at least 1 USD",
      "budget: Budget can have at most two decimals",
    ]);
  });
});

describe("tripDates", () => {
  it("lists every date, across month ends and DST changes", () => {
    expect(tripDates("2027-03-27", "2027-04-01")).toEqual([
      "2027-03-27",
      "2027-03-28",
      "2027-03-29",
      "2027-03-30",
      "2027-03-31",
      "2027-04-01",
    ]);
  });
});

describe("tripRequestSchema with stops", () => {
  const dates = { startDate: "2027-12-28", endDate: "2028-01-01", budget: 1500 };

  it("names the stops' nights and the trip's when they differ", () => {
    expect(
      messages({
        ...dates,
        stops: [
          { destination: "Paris", nights: 1 },
          { destination: "Lyon", nights: 1 },
        ],
      }),
    ).toEqual(["stops: The stops' nights add up to 2; this trip has 4"]);
    expect(messages({ ...dates, stops: [{ destination: "Paris", nights: 5 }] })).toEqual([
      "stops: The stops' nights add up to 5; this trip has 4",
    ]);
  });

  it("joins the cities as the destination when none is given, keeps one that is", () => {
    const stops = [
      { destination: "Paris", nights: 2 },
      { destination: "Lyon", nights: 2 },
    ];
    expect(tripRequestSchema.parse({ ...dates, stops }).destination).toBe("Paris → Lyon");
    expect(tripRequestSchema.parse({ ...dates, destination: " ", stops }).destination).toBe(
      "Paris → Lyon",
    );
    expect(
      tripRequestSchema.parse({ ...dates, destination: "France by train", stops }).destination,
    ).toBe("France by train");
  });
});

describe("tripRequestSchema bookings", () => {
  const base = { destination: "Lyon", startDate: "2027-01-01", endDate: "2027-01-03", budget: 500 };

  it("takes journeys, stays and booked activities with the PATCH input rules", () => {
    const parsed = tripRequestSchema.parse({
      ...base,
      planRest: false,
      bookings: {
        transport: [
          {
            mode: "train",
            from: "Paris Gare de Lyon",
            to: "Lyon Part-Dieu",
            departAt: "2027-01-01T08:00",
            arriveAt: "2027-01-01T10:00",
          },
        ],
        stays: [{ name: "Hôtel Bellecour", checkIn: "2027-01-01", checkOut: "2027-01-03" }],
        activities: [{ date: "2027-01-02", time: "20:00", activity: "Opéra de Lyon" }],
      },
    });
    expect(parsed.planRest).toBe(false);
    expect(parsed.bookings?.transport[0]?.departZone).toBeNull();
    expect(parsed.bookings?.activities[0]).toMatchObject({ kind: "other", location: null });
  });

  it("refuses a booked activity outside the trip's dates, naming the field", () => {
    const result = tripRequestSchema.safeParse({
      ...base,
      bookings: { activities: [{ date: "2027-01-05", activity: "Opéra de Lyon" }] },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ["bookings", "activities"],
        message: "Booked activities must fall within the trip's dates",
      }),
    );
  });

  it("refuses a stay that checks out before it checks in", () => {
    const result = tripRequestSchema.safeParse({
      ...base,
      bookings: { stays: [{ name: "Hôtel", checkIn: "2027-01-03", checkOut: "2027-01-01" }] },
    });
    expect(result.error?.issues[0]?.message).toBe("Check-out must be after check-in");
  });
});
