import { decodeEntities } from "./html-text.ts";

/** A microdata item as JSON-LD would write it: `@type` and its properties (the first of each). */
export type MicrodataItem = { "@type": string; [property: string]: unknown };

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const TOKEN =
  /<!--[\s\S]*?-->|<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)|</g;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? "").toLowerCase();
    if (!attributes.has(name))
      attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

/** The value an element's attributes give an `itemprop` (microdata's rules), or null for its text. */
function attributeValue(tag: string, attributes: Map<string, string>): string | null {
  if (attributes.has("content")) return attributes.get("content") ?? "";
  if (tag === "meta") return "";
  if (["a", "area", "link"].includes(tag)) return attributes.get("href") ?? "";
  if (["img", "audio", "video", "source", "embed", "iframe", "track"].includes(tag))
    return attributes.get("src") ?? "";
  if (tag === "time" && attributes.has("datetime")) return attributes.get("datetime") ?? "";
  if ((tag === "data" || tag === "meter") && attributes.has("value"))
    return attributes.get("value") ?? "";
  return null;
}

const typeName = (itemtype: string | undefined) =>
  (itemtype ?? "")
    .trim()
    .split(/\s+/)[0]
    ?.replace(/^https?:\/\/schema\.org\//i, "") ?? "";

type Open = {
  tag: string;
  /** The item this element starts, if it has itemscope. */
  item: MicrodataItem | null;
  /** Properties whose value is this element's text, set on the item around it when it closes. */
  textProps: string[];
  owner: MicrodataItem | null;
  text: string;
};

function assign(item: MicrodataItem | null, props: string[], value: unknown) {
  if (!item) return;
  for (const prop of props) if (!(prop in item)) item[prop] = value;
}

/**
 * The top-level microdata items of an HTML document (`itemscope itemtype=… itemprop=…`), read
 * from its text with a small tolerant scanner: nothing is rendered, nothing is fetched, and
 * `itemref` is not followed.
 */
export function microdataItems(html: string): MicrodataItem[] {
  const top: MicrodataItem[] = [];
  const stack: Open[] = [];
  const currentItem = () => {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i]?.item) return stack[i]?.item ?? null;
    return null;
  };
  const close = (open: Open) => {
    if (open.textProps.length > 0)
      assign(open.owner, open.textProps, open.text.replace(/\s+/g, " ").trim());
  };

  for (const match of html.matchAll(TOKEN)) {
    const [, , slash, rawTag, rawAttributes, rawText] = match;
    if (rawText !== undefined) {
      const text = decodeEntities(rawText);
      for (const open of stack) if (open.textProps.length > 0) open.text += text;
      continue;
    }
    if (!rawTag) continue;
    const tag = rawTag.toLowerCase();
    if (slash) {
      const index = stack.map((o) => o.tag).lastIndexOf(tag);
      if (index === -1) continue;
      for (const open of stack.splice(index).reverse()) close(open);
      continue;
    }
    const attributes = attributesOf(rawAttributes ?? "");
    const props = (attributes.get("itemprop") ?? "").split(/\s+/).filter(Boolean);
    const owner = currentItem();
    let item: MicrodataItem | null = null;
    const textProps: string[] = [];
    if (attributes.has("itemscope")) {
      item = { "@type": typeName(attributes.get("itemtype")) };
      if (props.length > 0) assign(owner, props, item);
      else top.push(item);
    } else if (props.length > 0) {
      const value = attributeValue(tag, attributes);
      if (value !== null) assign(owner, props, value);
      else textProps.push(...props);
    }
    const selfClosing = VOID.has(tag) || /\/\s*$/.test(rawAttributes ?? "");
    if (!selfClosing) stack.push({ tag, item, textProps, owner, text: "" });
  }
  for (const open of stack.reverse()) close(open);
  return top;
}
