import { describe, expect, it } from "vitest";
import { previewSplit, toSplitInput, type SplitFormState } from "./split-form.ts";

const three: SplitFormState = { kind: "equal", among: ["c", "a", "b"], shares: {}, amounts: {} };

describe("the split preview", () => {
  it("splits equally to the cent, the leftover cent to the first by id as the server does", () => {
    const { parts } = previewSplit("100", "EUR", three);
    expect(Object.fromEntries(parts)).toEqual({ a: 3334, b: 3333, c: 3333 });
  });

  it("splits by shares and keeps whole yen", () => {
    const form = { ...three, kind: "shares" as const, shares: { a: "2", b: "1", c: "1" } };
    const { parts } = previewSplit("1001", "JPY", form);
    expect([...parts.values()].reduce<number>((x, y) => x + (y ?? 0), 0)).toBe(1001);
    expect(parts.get("a")).toBe(501);
  });

  it("says what is left to assign for exact amounts, and reads a decimal comma", () => {
    const form = { ...three, kind: "exact" as const, amounts: { a: "10", b: "20,5", c: "30" } };
    expect(previewSplit("84.5", "EUR", form).left).toBe(2400);
    expect(previewSplit("60.5", "EUR", form).left).toBe(0);
  });

  it("has no parts while the amount does not read as one in the currency", () => {
    expect([...previewSplit("12.5", "JPY", three).parts.values()]).toEqual([null, null, null]);
    expect([...previewSplit("", "EUR", three).parts.values()]).toEqual([null, null, null]);
  });

  it("sends only the figures of the people sharing, for the kind chosen", () => {
    const form: SplitFormState = {
      kind: "shares",
      among: ["a", "b"],
      shares: { a: "2", b: "1", c: "5" },
      amounts: { a: "1" },
    };
    expect(toSplitInput(form)).toEqual({
      kind: "shares",
      among: ["a", "b"],
      shares: { a: 2, b: 1 },
    });
    expect(toSplitInput({ ...form, kind: "equal" })).toEqual({ kind: "equal", among: ["a", "b"] });
  });
});
