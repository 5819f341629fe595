import { describe, expect, it } from "vitest";
import { activitySchema } from "./itinerary.ts";
import { regenerateDayRequestSchema } from "./trip-edit.ts";
import { isStorableText, safeText, storableDate } from "./safe-input.ts";

describe("isStorableText", () => {
  it.each([
    ["plain text", "Lisbon, Portugal"],
    ["accents and CJK", "São Paulo · 東京"],
    ["a surrogate pair (emoji)", "Beach \ud83c\udfd6\ufe0f day"],
    ["a flag (two pairs)", "\ud83c\uddf5\ud83c\uddf9"],
    ["tabs and line breaks", "tab\tnew\nline\r\nend"],
    ["the empty string", ""],
  ])("accepts %s", (_name, text) => expect(isStorableText(text)).toBe(true));

  it.each([
    ["a NUL", "Lis\u0000bon"],
    ["a lone high surrogate", "Lis\ud800bon"],
    ["a high surrogate at the end", "Lisbon\ud83d"],
    ["a lone low surrogate", "\udc00Lisbon"],
    ["a pair in the wrong order", "\ude00\ud83d"],
    ["an escape sequence", "Tram \u001b[31m28"],
    ["a vertical tab", "Tram\u000b28"],
    ["a bell", "Tram\u0007"],
    ["DEL", "Tram\u007f"],
    ["a C1 control (CSI)", "Tram \u009b31m"],
  ])("refuses %s", (_name, text) => expect(isStorableText(text)).toBe(false));
});

describe("safeText", () => {
  it("names the field, and the later rules of the chain do not pile up", () => {
    const result = safeText("Destination").trim().min(1, "required").safeParse("\u0000");
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "Destination contains characters that are not allowed",
    ]);
  });

  it("refuses an escape sequence with the same message", () => {
    expect(
      safeText("Bio").safeParse("\u001b]8;;https://evil.example\u0007x").error?.issues,
    ).toEqual([
      expect.objectContaining({ message: "Bio contains characters that are not allowed" }),
    ]);
  });

  it("guards the editor's and the model's activity text and the regenerate instruction", () => {
    const activity = {
      id: "7d0c1d1e-2f6b-4a77-9d4e-0a6f0d6b2d11",
      time: "09:00",
      activity: "Tram\u0000",
      location: "Alfama",
      description: "",
      cost: null,
      lat: null,
      lng: null,
      why: null,
      osmId: null,
      openingHours: null,
    };
    expect(activitySchema.safeParse(activity).error?.issues[0]?.message).toBe(
      "Activity contains characters that are not allowed",
    );
    expect(
      regenerateDayRequestSchema.safeParse({ instruction: "more \ud800 museums" }).error?.issues[0]
        ?.message,
    ).toBe("The instruction contains characters that are not allowed");
  });
});

describe("storableDate", () => {
  const date = storableDate("Date");
  it.each(["1900-01-01", "2030-02-28", "2028-02-29", "9999-12-31"])("accepts %s", (value) =>
    expect(date.safeParse(value).success).toBe(true),
  );
  it.each([
    ["0000-01-01", "Date must be between 1900-01-01 and 9999-12-31"],
    ["1899-12-31", "Date must be between 1900-01-01 and 9999-12-31"],
    ["2027-02-29", "Date must be a valid date"],
    ["+10000-01-01", "Date must be a valid date"],
    ["2030-1-1", "Date must be a valid date"],
  ])("refuses %s", (value, message) =>
    expect(date.safeParse(value).error?.issues[0]?.message).toBe(message),
  );
});
