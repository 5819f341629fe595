import { describe, expect, it } from "vitest";
import { tripFiltersSchema } from "#shared/schemas/trip-list.ts";
import { DEFAULT_FILTERS, hasActiveFilters, readFilters } from "./filters-url.ts";

const read = (query: string) => readFilters(new URLSearchParams(query), tripFiltersSchema);

describe("filters in the URL", () => {
  it("defaults to newest first with no filters", () => {
    expect(read("")).toEqual({ status: "ok", filters: { sort: "newest" } });
    // A URL with no filter is not checked with the schema (useUrlFilters): it must mean the same.
    expect(read("")).toEqual({ status: "ok", filters: DEFAULT_FILTERS });
    expect(hasActiveFilters(new URLSearchParams("sort=oldest"))).toBe(false);
  });

  it("reads every filter, trims text and ignores empty values", () => {
    expect(
      read(
        "q=%20old%20%20town%20&destination=Lis&style=luxury&minBudget=100&maxBudget=&sort=budget_asc&status=generated",
      ),
    ).toEqual({
      status: "ok",
      filters: {
        q: "old town",
        destination: "Lis",
        style: "luxury",
        minBudget: 100,
        status: "generated",
        sort: "budget_asc",
      },
    });
    expect(hasActiveFilters(new URLSearchParams("maxBudget=5"))).toBe(true);
    expect(hasActiveFilters(new URLSearchParams("q=%20"))).toBe(false);
  });

  it("explains a filter that cannot match instead of sending it", () => {
    expect(read("minBudget=500&maxBudget=100")).toEqual({
      status: "invalid",
      message: "Min budget cannot be more than max budget",
    });
    expect(read("minBudget=-1")).toEqual({
      status: "invalid",
      message: "Min budget cannot be negative",
    });
    expect(read("style=backpacker").status).toBe("invalid");
  });
});
