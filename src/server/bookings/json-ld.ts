import { htmlTokens } from "./html-scan.ts";

const LD_TYPE = /\btype\s*=\s*["']?application\/ld\+json/i;
/** More blocks than any confirmation carries: the rest of a document is not read. */
const MAX_BLOCKS = 50;

/**
 * The JSON-LD blocks of an HTML document (`<script type="application/ld+json">`), parsed; a block
 * that is not JSON is skipped. The HTML is only scanned as text (html-scan.ts), never rendered.
 */
export function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  for (const token of htmlTokens(html)) {
    if (token.kind !== "raw" || token.tag !== "script" || !LD_TYPE.test(token.attributes)) continue;
    const body = token.content.trim().replace(/^<!--|-->$/g, "");
    try {
      blocks.push(JSON.parse(body));
    } catch {
      // A sender's broken block says nothing we could trust.
    }
    if (blocks.length >= MAX_BLOCKS) break;
  }
  return blocks;
}
