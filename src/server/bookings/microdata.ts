import { htmlTokens } from "./html-scan.ts";
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
const ITEM_ATTRIBUTE = /\bitem(?:scope|prop)\b/i;
const MAX_DEPTH = 256;
const MAX_ITEMS = 200;
const MAX_TEXT = 2_000;
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
  // Nothing to find: the common case (a mail with JSON-LD, or none) costs one scan.
  if (!/itemscope/i.test(html)) return top;
  const stack: Open[] = [];
  // The elements whose text is being collected, kept apart so text costs nothing elsewhere.
  const collecting: Open[] = [];
  const currentItem = () => {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i]?.item) return stack[i]?.item ?? null;
    return null;
  };
  const close = (open: Open) => {
    if (open.textProps.length === 0) return;
    collecting.splice(collecting.indexOf(open), 1);
    assign(open.owner, open.textProps, open.text.replace(/\s+/g, " ").trim());
  };

  // html-scan.ts reads the document in one pass; scripts, styles and comments are skipped.
  for (const token of htmlTokens(html)) {
    if (token.kind === "raw") continue;
    if (token.kind === "text") {
      if (collecting.length > 0) {
        const text = decodeEntities(token.text);
        for (const open of collecting) if (open.text.length < MAX_TEXT) open.text += text;
      }
      continue;
    }
    const { tag } = token;
    if (token.kind === "close") {
      let index = stack.length - 1;
      while (index >= 0 && stack[index]?.tag !== tag) index -= 1;
      if (index === -1) continue;
      for (const open of stack.splice(index).reverse()) close(open);
      continue;
    }
    const rawAttributes = token.attributes;
    const selfClosing = VOID.has(tag) || token.selfClosing;
    // Only elements with microdata have their attributes read.
    if (!ITEM_ATTRIBUTE.test(rawAttributes)) {
      if (!selfClosing && stack.length < MAX_DEPTH)
        stack.push({ tag, item: null, textProps: [], owner: null, text: "" });
      continue;
    }
    const attributes = attributesOf(rawAttributes);
    const props = (attributes.get("itemprop") ?? "").split(/\s+/).filter(Boolean);
    const owner = currentItem();
    let item: MicrodataItem | null = null;
    const textProps: string[] = [];
    if (attributes.has("itemscope")) {
      item = { "@type": typeName(attributes.get("itemtype")) };
      if (props.length > 0) assign(owner, props, item);
      else if (top.length < MAX_ITEMS) top.push(item);
    } else if (props.length > 0) {
      const value = attributeValue(tag, attributes);
      if (value !== null) assign(owner, props, value);
      else textProps.push(...props);
    }
    // Past MAX_DEPTH an element is read but not nested: no page of ours needs more, and an
    // unclosed tag repeated a million times cannot make every later step walk a long stack.
    if (selfClosing || stack.length >= MAX_DEPTH) {
      if (textProps.length > 0) assign(owner, textProps, "");
      continue;
    }
    const open: Open = { tag, item, textProps, owner, text: "" };
    stack.push(open);
    if (textProps.length > 0) collecting.push(open);
  }
  for (const open of stack.reverse()) close(open);
  return top;
}
