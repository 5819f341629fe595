/*
 * A calendar file's content lines as components and properties (RFC 5545: unfolded lines,
 * `NAME;PARAM=value;PARAM="quoted":value`, BEGIN/END), read in one pass. Only the structure is
 * built; values stay text for the reader to interpret. ical.js, used before, searched the whole
 * calendar for a TZID at every event that named an undefined one (15,000 such events held the
 * server 12.8 s) and parsed long parameter lists in quadratic time. Components past
 * MAX_COMPONENTS and properties past MAX_PROPERTIES of a component are not kept; parameters are
 * only read when asked for (`paramOf`).
 */

export type IcsProperty = {
  name: string;
  /** `;A=b;C="d"`, read by paramOf. */ params: string;
  value: string;
};
export type IcsComponent = { name: string; properties: IcsProperty[]; components: IcsComponent[] };

const MAX_COMPONENTS = 1_000;
const MAX_PROPERTIES = 100;
const MAX_DEPTH = 10;

export class DamagedCalendarError extends Error {}

/** A content line as name, parameters and value; null when it has no `:`. */
function propertyOf(line: string): IcsProperty | null {
  let quote = false;
  let nameEnd = -1;
  for (let at = 0; at < line.length; at++) {
    const char = line[at];
    if (char === '"') quote = !quote;
    else if (!quote && nameEnd === -1 && char === ";") nameEnd = at;
    else if (!quote && char === ":") {
      if (nameEnd === -1) nameEnd = at;
      return {
        name: line.slice(0, nameEnd).toUpperCase(),
        params: line.slice(nameEnd, at),
        value: line.slice(at + 1),
      };
    }
  }
  return null;
}

/** A parameter of a property (`TZID`), unquoted; null when it has none. */
export function paramOf(property: IcsProperty, name: string): string | null {
  for (const param of property.params.split(";")) {
    const equals = param.indexOf("=");
    if (equals > 0 && param.slice(0, equals).toUpperCase() === name)
      return param.slice(equals + 1).replace(/^"|"$/g, "");
  }
  return null;
}

/** The top-level components of a calendar file (usually one VCALENDAR). */
export function parseIcs(text: string): IcsComponent[] {
  const top: IcsComponent[] = [];
  // Each open component, and whether it is kept (past MAX_COMPONENTS one is only matched to its END).
  const stack: { component: IcsComponent; kept: boolean }[] = [];
  let components = 0;

  const handle = (line: string) => {
    const head = line.slice(0, 6).toUpperCase();
    const current = stack.at(-1);
    if (head.startsWith("BEGIN:")) {
      const component: IcsComponent = {
        name: line.slice(6).trim().toUpperCase(),
        properties: [],
        components: [],
      };
      components += 1;
      if (stack.length >= MAX_DEPTH) throw new DamagedCalendarError();
      const kept = components <= MAX_COMPONENTS && (current?.kept ?? true);
      if (kept) (current ? current.component.components : top).push(component);
      stack.push({ component, kept });
    } else if (head.startsWith("END:")) {
      if (!current || current.component.name !== line.slice(4).trim().toUpperCase())
        throw new DamagedCalendarError();
      stack.pop();
    } else if (current?.kept && current.component.properties.length < MAX_PROPERTIES) {
      const property = propertyOf(line);
      if (property) current.component.properties.push(property);
    }
  };

  // Line by line; a line starting with a space or a tab continues the one before (folding).
  let logical: string | null = null;
  for (let at = 0; at < text.length;) {
    let end = text.indexOf("\n", at);
    if (end === -1) end = text.length;
    const line = text.slice(at, text[end - 1] === "\r" ? end - 1 : end);
    at = end + 1;
    if ((line.startsWith(" ") || line.startsWith("\t")) && logical !== null)
      logical += line.slice(1);
    else {
      if (logical) handle(logical);
      logical = line;
    }
  }
  if (logical) handle(logical);
  if (stack.length > 0 || top.length === 0) throw new DamagedCalendarError();
  return top;
}

export const propertyOfComponent = (component: IcsComponent, name: string) =>
  component.properties.find((p) => p.name === name) ?? null;

export const subcomponents = (component: IcsComponent, name: string) =>
  component.components.filter((c) => c.name === name);

/** A TEXT value unescaped (`\,` `\;` `\n` `\\`). */
export const textValue = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === "n" || char === "N" ? "\n" : char));

/** `20270101T170400`, `…Z` or `20270101`: wall-clock `YYYY-MM-DDTHH:MM`, UTC or not, date only or not. */
export function icsTime(value: string) {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, , utc] = match;
  return {
    local: `${year}-${month}-${day}T${hour ?? "00"}:${minute ?? "00"}`,
    dateOnly: hour === undefined,
    utc: utc === "Z",
  };
}
