/**
 * The text forms the official TravelPlanner evaluation reads a plan's strings with
 * (eval/travelplanner/dataset/EVAL_SPEC.md §1). Python's `re.search` semantics: the first match
 * anywhere, `.` stops at a line break; `\w` is Unicode-aware there, so `\p{L}\p{N}_` here.
 */

const NAME_CITY = /(.*?),\s*([^,]+)(\([\p{L}\p{N}_][\p{L}\p{N}_\s]*\))?$/u;
const BEFORE_PAREN = /^(.*?)\([^)]*\)/u;
const FROM_TO = /from\s+(.+?)\s+to\s+([^,]+)(?=[,\s]|$)/u;

/** `"Rockford(Illinois)"` → `"Rockford"`; text without a parenthesis is returned as it is. */
export function beforeParen(text: string): string {
  const m = BEFORE_PAREN.exec(text);
  return m ? (m[1] ?? "") : text;
}

/** `"Coco Bambu, Rockford"` → name and city (the text after the last comma); no comma → `-`, `-`. */
export function nameCity(text: string): { name: string; city: string } {
  const m = NAME_CITY.exec(text);
  if (!m) return { name: "-", city: "-" };
  return { name: (m[1] ?? "").trim(), city: beforeParen((m[2] ?? "").trim()).trim() };
}

/** `"from A to B, …"` → A and B as written (parentheses kept); null when the text has no route. */
export function fromTo(text: string): { from: string; to: string } | null {
  const m = FROM_TO.exec(text);
  if (!m) return null;
  return { from: m[1] ?? "", to: m[2] ?? "" };
}

/** A value the evaluation counts as given: neither empty nor the dash. */
export const isSet = (value: unknown): value is string =>
  typeof value === "string" && value !== "" && value !== "-";

/** `"A, City;B, City;"` → the items; the official split drops the last element, so a trailing `;` is needed. */
export const attractionItems = (value: string) => value.split(";").slice(0, -1);
