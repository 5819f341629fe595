import { DOMParser, type Document } from "@xmldom/xmldom";
import { RefusedFile } from "./place-record.ts";

// A DOCTYPE is where entities (billion laughs) and external files (XXE) are declared: no file of
// saved places needs one, so the text is refused before any parser sees it.
const DECLARATIONS = /<!\s*(DOCTYPE|ENTITY)/i;

/** Refuses a text that declares a DOCTYPE or entities, anywhere in it. */
export function refuseDeclarations(text: string): void {
  if (DECLARATIONS.test(text)) throw new RefusedFile("doctype");
}

/** The XML as a DOM (xmldom), refused when it declares a DOCTYPE or entities, or is not well formed. */
export function xmlDocument(text: string): Document {
  refuseDeclarations(text);
  let broken = false;
  const parser = new DOMParser({
    onError: (level) => {
      if (level !== "warning") broken = true;
    },
  });
  let document: Document;
  try {
    document = parser.parseFromString(text, "text/xml");
  } catch {
    throw new RefusedFile("damagedXml");
  }
  if (broken || !document.documentElement) throw new RefusedFile("damagedXml");
  return document;
}

/** The root element's local name (`kml`, `gpx`) of an XML text, without parsing it. */
export function rootElementOf(text: string): string | null {
  // Past the declaration, comments and processing instructions: the first element's name.
  const found = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s>/]/.exec(
    text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ""),
  );
  return found?.[2]?.toLowerCase() ?? null;
}

const TRACK_POINT = "<trkpt";
const TRACK_POINT_END = "</trkpt>";

/**
 * A GPX text without its unnamed track points. A recorded track is thousands of positions of a
 * line, not places (readGpx passes them by), and a DOM of them is most of a large file's time and
 * memory: a 5 MB track took seconds and hundreds of megabytes to parse. Each is cut whole, from
 * `<trkpt` to its `</trkpt>` (or its `/>`); named ones stay. One pass: the next `<name` is looked
 * for again only once a point starts past it. The declarations are checked on the whole text first.
 */
export function withoutUnnamedTrackPoints(text: string): string {
  refuseDeclarations(text);
  const kept: string[] = [];
  let from = 0;
  let nextName = text.indexOf("<name");
  for (let at = text.indexOf(TRACK_POINT); at >= 0; at = text.indexOf(TRACK_POINT, at + 1)) {
    if (at < from || !/[\s/>]/.test(text.charAt(at + TRACK_POINT.length))) continue;
    const tagEnd = text.indexOf(">", at);
    if (tagEnd < 0) break;
    let end = tagEnd + 1;
    if (text.charAt(tagEnd - 1) !== "/") {
      const close = text.indexOf(TRACK_POINT_END, tagEnd);
      if (close < 0) break;
      end = close + TRACK_POINT_END.length;
    }
    if (nextName >= 0 && nextName < tagEnd) nextName = text.indexOf("<name", tagEnd);
    if (nextName >= 0 && nextName < end) continue; // a named point: kept
    kept.push(text.slice(from, at));
    from = end;
  }
  kept.push(text.slice(from));
  return kept.join("");
}
