// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import type { Interest } from "#shared/constants.ts";
import { clearDraft, loadDraft, parseDraft, saveDraft } from "./draft-storage.ts";

const whole = {
  destination: "Lisbon, Portugal",
  startDate: "2027-03-01",
  endDate: "2027-03-05",
  budget: 1500,
  travelStyle: "comfort" as const,
  interests: ["Food & Dining", "History"] as Interest[],
};

describe("parseDraft", () => {
  it("keeps a whole draft as it was saved", () => {
    expect(parseDraft(whole)).toEqual(whole);
  });

  it("keeps the fields that are there and drops names it does not know", () => {
    expect(parseDraft({ destination: "Kyoto", extra: "<script>", __proto__x: 1 })).toEqual({
      destination: "Kyoto",
    });
    expect(parseDraft({})).toEqual({});
  });

  it("restores a budget left empty (saved as null) as no budget", () => {
    expect(parseDraft({ ...whole, budget: null })).not.toHaveProperty("budget");
  });

  it.each([
    ["a destination that is not text", { destination: 42 }],
    ["a destination longer than 500 characters", { destination: "x".repeat(501) }],
    ["a date longer than 20 characters", { startDate: "2".repeat(21) }],
    ["a budget given as text", { budget: "1500" }],
    ["a travel style the form does not offer", { travelStyle: "backpacker" }],
    ["an interest the form does not offer", { interests: ["History", "Skydiving"] }],
    ["interests that are not a list", { interests: "History" }],
    ["a null destination", { destination: null }],
  ])("drops the whole draft for %s", (_, fields) => {
    expect(parseDraft({ ...whole, ...fields })).toBeNull();
  });

  it.each([null, "draft", 7, [whole]])("drops %j, which is not a draft object", (stored) => {
    expect(parseDraft(stored)).toBeNull();
  });
});

describe("the stored draft", () => {
  afterEach(() => localStorage.clear());

  it("comes back as saved, an empty budget (NaN in the form) as none", () => {
    saveDraft({ ...whole, travelStyle: "luxury", budget: Number.NaN });
    const { budget: _, ...withoutBudget } = whole;
    expect(loadDraft()).toEqual({ ...withoutBudget, travelStyle: "luxury" });
  });

  it("is null once cleared, and when the stored text is not JSON", () => {
    saveDraft(whole);
    clearDraft();
    expect(loadDraft()).toBeNull();
    localStorage.setItem("boundless:plan-trip-draft.v2", "{not json");
    expect(loadDraft()).toBeNull();
  });

  it("is kept in the browser for a day, then forgotten", () => {
    saveDraft(whole);
    expect(loadDraft(Date.now() + 23 * 60 * 60 * 1000)?.destination).toBe(whole.destination);
    expect(loadDraft(Date.now() + 25 * 60 * 60 * 1000)).toBeNull();
    expect(localStorage.getItem("boundless:plan-trip-draft.v2")).toBeNull();
  });
});

describe("a draft with several cities", () => {
  afterEach(() => localStorage.clear());

  it("keeps the cities in order with their nights, a city's empty nights left out", () => {
    saveDraft({
      ...whole,
      stops: [
        { destination: "Paris", nights: 2 },
        { destination: "Lyon", nights: Number.NaN },
      ],
    });
    expect(loadDraft()?.stops).toEqual([
      { destination: "Paris", nights: 2 },
      { destination: "Lyon" },
    ]);
  });

  it("drops a draft whose cities are not a list of cities", () => {
    expect(parseDraft({ ...whole, stops: [{ destination: 3, nights: 2 }] })).toBeNull();
    expect(parseDraft({ ...whole, stops: "Paris" })).toBeNull();
  });
});
