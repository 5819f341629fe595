import { describe, expect, it } from "vitest";
import { isChangeRequest, rangeOf, readWeatherQuestion } from "./weather-question.ts";

describe("weather questions as travellers ask them", () => {
  it.each([
    ["What will the weather be like in Paris during my trip?", "Paris", "trip"],
    ["Should I pack an umbrella?", null, null],
    ["Should I pack an umbrella for Lisbon this weekend?", "Lisbon", "weekend"],
    ["Will it be cold in New York next weekend?", "New York", "weekend"],
    ["What's the weather in Paris?", "Paris", null],
    ["weather in Paris during my trip", "Paris", "trip"],
    ["Do I need a raincoat while we're there?", null, "trip"],
    ["Temperature in Tokyo tomorrow", "Tokyo", "tomorrow"],
    ["What's the climate of Oslo", "Oslo", null],
  ])("reads %j as place %j, time %j", (message, place, when) => {
    const question = readWeatherQuestion(message);
    expect(question?.place ?? null).toBe(place);
    expect(question?.when?.kind ?? null).toBe(when);
  });

  it.each(["Where should I eat in Paris?", "Add a museum on day 2", "What is a good local dish?"])(
    "does not take %j for a weather question",
    (message) => expect(readWeatherQuestion(message)).toBeNull(),
  );

  it("tells a change request from a question", () => {
    expect(isChangeRequest("make day 2 cheaper")).toBe(true);
    expect(isChangeRequest("Move lunch to 13:00")).toBe(true);
    expect(isChangeRequest("What should I pack for Paris?")).toBe(false);
    expect(isChangeRequest("What will the weather be like in Paris during my trip?")).toBe(false);
  });

  it("pins 'this weekend' and 'next weekend' to the place's today", () => {
    expect(rangeOf({ kind: "weekend", next: false }, "2027-02-26")).toEqual({
      from: "2027-02-27",
      to: "2027-02-28",
    });
    expect(rangeOf({ kind: "weekend", next: false }, "2027-02-28")).toEqual({
      from: "2027-02-28",
      to: "2027-02-28",
    });
    expect(rangeOf({ kind: "weekend", next: true }, "2027-02-26")).toEqual({
      from: "2027-03-06",
      to: "2027-03-07",
    });
  });
});
