import type { Interest } from "#shared/constants.ts";

/** One tag condition: the key present (`values` absent) or its value one of `values`. */
export type TagCondition = { key: string; values?: readonly string[] };
/** Conditions that must all hold for one element (one Overpass statement). */
export type TagSelector = readonly TagCondition[];

/**
 * Which OpenStreetMap tags each interest looks for: an element matches when any selector matches
 * (the "Real places" table of docs/guide.md is written from this). Ordinary kinds only — e.g. History lists
 * the historic kinds one visits, not every memorial plaque or boundary stone — since Overpass returns
 * the first N matches in id order, not the best ones.
 */
export const INTEREST_TAGS: Record<Interest, readonly TagSelector[]> = {
  "Culture & Arts": [
    [{ key: "tourism", values: ["museum", "gallery"] }],
    [{ key: "amenity", values: ["theatre", "arts_centre"] }],
  ],
  History: [
    [
      {
        key: "historic",
        values: [
          "castle",
          "monument",
          "ruins",
          "archaeological_site",
          "fort",
          "palace",
          "city_gate",
          "manor",
          "monastery",
          "church",
        ],
      },
    ],
    [{ key: "heritage" }, { key: "tourism", values: ["attraction"] }],
  ],
  "Food & Dining": [[{ key: "amenity", values: ["restaurant", "cafe", "marketplace"] }]],
  "Nature & Outdoors": [
    [{ key: "leisure", values: ["park", "garden", "nature_reserve"] }],
    [{ key: "tourism", values: ["viewpoint"] }],
  ],
  Shopping: [
    [{ key: "amenity", values: ["marketplace"] }],
    [{ key: "shop", values: ["department_store", "mall"] }],
    // "Notable shops": any shop known to Wikidata.
    [{ key: "shop" }, { key: "wikidata" }],
  ],
  Adventure: [
    [{ key: "sport", values: ["climbing", "surfing", "canoe", "scuba_diving", "kitesurfing"] }],
    [{ key: "tourism", values: ["theme_park"] }],
    [{ key: "leisure", values: ["water_park"] }],
  ],
  Relaxation: [
    [{ key: "leisure", values: ["spa", "sauna", "beach_resort"] }],
    [{ key: "amenity", values: ["public_bath"] }],
    [{ key: "natural", values: ["beach"] }],
  ],
};

/**
 * How far from the destination's centre each interest looks, in metres: eating places are dense, so
 * a smaller circle keeps the answer small; sights and nature are worth a longer ride.
 */
export const INTEREST_RADIUS_M: Record<Interest, number> = {
  "Culture & Arts": 8000,
  History: 8000,
  "Food & Dining": 3000,
  "Nature & Outdoors": 10_000,
  Shopping: 6000,
  Adventure: 20_000,
  Relaxation: 20_000,
};

export const isInterest = (value: string): value is Interest =>
  Object.prototype.hasOwnProperty.call(INTEREST_TAGS, value);
