import { DOMParser, type Document } from "@xmldom/xmldom";
import { RefusedFile } from "./place-record.ts";

// A DOCTYPE is where entities (billion laughs) and external files (XXE) are declared: no file of
// saved places needs one, so the text is refused before any parser sees it.
const DECLARATIONS = /<!\s*(DOCTYPE|ENTITY)/i;

/** The XML as a DOM (xmldom), refused when it declares a DOCTYPE or entities, or is not well formed. */
export function xmlDocument(text: string): Document {
  if (DECLARATIONS.test(text)) throw new RefusedFile("doctype");
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
