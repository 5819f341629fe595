import { decodeEntities } from "./html-text.ts";

/*
 * One pass over an HTML document's text, in time proportional to its length whatever it holds: each
 * closing tag, comment end or tag end is searched for from where it opened, and when one is missing
 * the rest of the document is dropped (as a browser does at the end of a file) instead of searched
 * again from every later opening (`<script>` repeated 30,000 times once took seconds). Nothing is
 * rendered, nothing fetched.
 */

export type HtmlToken =
  | { kind: "text"; text: string }
  | { kind: "open"; tag: string; attributes: string; selfClosing: boolean }
  | { kind: "close"; tag: string }
  /** A script or style element, its content unparsed. */
  | { kind: "raw"; tag: string; attributes: string; content: string };

const TAG_NAME = /[a-zA-Z][\w:-]*/y;
const RAW_TAGS = new Set(["script", "style"]);

/** The index of the `>` ending a tag whose attributes start at `from` (quotes may hold `>`), or -1. */
function tagEnd(html: string, from: number): number {
  let quote = "";
  for (let i = from; i < html.length; i++) {
    const char = html[i];
    if (quote) {
      if (char === quote) quote = "";
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ">") return i;
  }
  return -1;
}

export function* htmlTokens(html: string): Generator<HtmlToken> {
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf("<", at);
    if (lt === -1) {
      yield { kind: "text", text: html.slice(at) };
      return;
    }
    if (lt > at) yield { kind: "text", text: html.slice(at, lt) };
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      if (end === -1) return;
      at = end + 3;
      continue;
    }
    const next = html[lt + 1];
    if (next === "!" || next === "?") {
      const end = html.indexOf(">", lt);
      if (end === -1) return;
      at = end + 1;
      continue;
    }
    const closing = next === "/";
    const nameStart = lt + (closing ? 2 : 1);
    TAG_NAME.lastIndex = nameStart;
    const name = TAG_NAME.exec(html)?.[0];
    if (!name) {
      yield { kind: "text", text: "<" };
      at = lt + 1;
      continue;
    }
    const end = tagEnd(html, nameStart + name.length);
    if (end === -1) return;
    const tag = name.toLowerCase();
    const attributes = html.slice(nameStart + name.length, end);
    at = end + 1;
    if (closing) {
      yield { kind: "close", tag };
      continue;
    }
    if (RAW_TAGS.has(tag)) {
      const close = new RegExp(`</${tag}\\s*>`, "gi");
      close.lastIndex = at;
      const found = close.exec(html);
      // Unclosed: everything after is its content, and no later element can be closed either.
      if (!found) return;
      yield { kind: "raw", tag, attributes, content: html.slice(at, found.index) };
      at = found.index + found[0].length;
      continue;
    }
    yield { kind: "open", tag, attributes, selfClosing: /\/\s*$/.test(attributes) };
  }
}

const BLOCKS = new Set(["p", "div", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6"]);

/** Visible text of HTML, for the model: tags, scripts, styles and the head out, entities decoded. */
export function htmlToText(html: string): string {
  const out: string[] = [];
  let inHead = false;
  for (const token of htmlTokens(html)) {
    if (token.kind === "text") {
      if (!inHead) out.push(token.text);
    } else if (token.kind === "open") {
      if (token.tag === "head") inHead = true;
      out.push(token.tag === "br" ? "\n" : " ");
    } else if (token.kind === "close") {
      if (token.tag === "head") inHead = false;
      out.push(BLOCKS.has(token.tag) ? "\n" : " ");
    } else out.push(" ");
  }
  return decodeEntities(out.join(""))
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n")
    .trim();
}
