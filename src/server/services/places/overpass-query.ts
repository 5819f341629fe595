import type { TagCondition, TagSelector } from "./interest-tags.ts";
import type { LatLng } from "./places-service.ts";

/** Overpass's own limit for one query, in seconds (the public instance's default is 180). */
export const OVERPASS_QUERY_TIMEOUT_S = 25;

/** A string literal of Overpass QL: backslashes and double quotes escaped, controls spelled out. */
export function qlString(value: string): string {
  const escaped = value
    .replaceAll("\\", "\\\\")
    .replaceAll('"', '\\"')
    .replaceAll("\n", "\\n")
    .replaceAll("\t", "\\t")
    .replaceAll("\r", "");
  return `"${escaped}"`;
}

/** Text matched literally inside an Overpass regular expression (POSIX extended). */
export function regexLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function condition({ key, values }: TagCondition): string {
  if (!values) return `[${qlString(key)}]`;
  if (values.length === 1) return `[${qlString(key)}=${qlString(values[0]!)}]`;
  return `[${qlString(key)}~${qlString(`^(${values.map(regexLiteral).join("|")})$`)}]`;
}

const around = (near: LatLng, radiusM: number) =>
  `(around:${Math.round(radiusM)},${near.lat.toFixed(6)},${near.lng.toFixed(6)})`;

/**
 * One query for the places matching any selector within `radiusM` of the point. `["name"]` is
 * added to every statement: unnamed elements are never used, so they are not even sent.
 */
export function candidatesQuery(
  selectors: readonly TagSelector[],
  near: LatLng,
  radiusM: number,
  limit: number,
): string {
  const statements = selectors
    .map((s) => `nwr${s.map(condition).join("")}["name"]${around(near, radiusM)};`)
    .join("");
  return `[out:json][timeout:${OVERPASS_QUERY_TIMEOUT_S}];(${statements});out center tags ${limit};`;
}

/** One query for the elements whose name contains `text` (case-insensitive) near the point. */
export function nameQuery(text: string, near: LatLng, radiusM: number, limit: number): string {
  const filter = `["name"~${qlString(regexLiteral(text))},i]`;
  return `[out:json][timeout:${OVERPASS_QUERY_TIMEOUT_S}];nwr${filter}${around(near, radiusM)};out center tags ${limit};`;
}

/** One query for these elements by id (`node/1`, `way/2`…): no area, each type asked for once. */
export function idsQuery(osmIds: readonly string[]): string {
  const byType = new Map<string, string[]>();
  for (const osmId of osmIds) {
    const [type, id] = osmId.split("/");
    if (!type || !id) continue;
    byType.set(type, [...(byType.get(type) ?? []), id]);
  }
  const statements = [...byType].map(([type, ids]) => `${type}(id:${ids.join(",")});`).join("");
  return `[out:json][timeout:${OVERPASS_QUERY_TIMEOUT_S}];(${statements});out center tags;`;
}
