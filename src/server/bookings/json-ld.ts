const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const LD_TYPE = /\btype\s*=\s*["']?application\/ld\+json/i;

/**
 * The JSON-LD blocks of an HTML document (`<script type="application/ld+json">`), parsed; a block
 * that is not JSON is skipped. The HTML is only scanned as text, never rendered.
 */
export function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    if (!LD_TYPE.test(match[1] ?? "")) continue;
    const body = (match[2] ?? "").trim().replace(/^<!--|-->$/g, "");
    try {
      blocks.push(JSON.parse(body));
    } catch {
      // A sender's broken block says nothing we could trust.
    }
  }
  return blocks;
}
