import { describe, expect, it } from "vitest";
import { completeDayObjects } from "./outline-stream.ts";

describe("completeDayObjects", () => {
  const full =
    '{"days":[{"theme":"Old {town}","places":["A \\"B\\"","C]"]},{"theme":"Sea","places":["D"]}]}';

  it("returns only the objects that are complete so far", () => {
    expect(completeDayObjects('{"days":[{"theme":"Old')).toEqual([]);
    const cut = full.indexOf(',{"theme":"Sea"');
    expect(completeDayObjects(full.slice(0, cut + 5))).toEqual([
      '{"theme":"Old {town}","places":["A \\"B\\"","C]"]}',
    ]);
    expect(completeDayObjects(full).map((item) => JSON.parse(item) as unknown)).toEqual([
      { theme: "Old {town}", places: ['A "B"', "C]"] },
      { theme: "Sea", places: ["D"] },
    ]);
  });

  it("ignores text before the days array and stops at its end", () => {
    expect(completeDayObjects('{"note":"x","days":[]}')).toEqual([]);
    expect(completeDayObjects('{"days":[{"a":1}],"extra":[{"b":2}]}')).toEqual(['{"a":1}']);
    expect(completeDayObjects("not json at all")).toEqual([]);
  });
});
