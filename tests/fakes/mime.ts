/**
 * A small MIME reader for the mail our app sends (nodemailer: text, HTML, multipart/alternative,
 * quoted-printable or base64, encoded-word subjects). Enough for tests; not a general parser.
 */
export type ParsedMail = {
  headers: Map<string, string>;
  subject: string;
  from: string;
  to: string;
  text: string;
  html: string;
};

function splitHeaderBlock(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded lines continue the previous header (RFC 5322 §2.2.3).
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`${name}="?([^";]+)"?`, "i"));
  return match?.[1];
}

function decodeBytes(bytes: Buffer, charset = "utf-8"): string {
  return new TextDecoder(charset.toLowerCase()).decode(bytes);
}

export function decodeQuotedPrintable(input: string, charset?: string): string {
  const soft = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i];
    const hex = soft.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch ?? "", "utf8"));
    }
  }
  return decodeBytes(Buffer.from(bytes), charset);
}

/** RFC 2047 encoded words, e.g. `=?UTF-8?Q?Boundless=3A_verify?=`. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, charset: string, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? decodeBytes(Buffer.from(text, "base64"), charset)
        : decodeQuotedPrintable(text.replace(/_/g, " "), charset),
    );
}

function decodeBody(body: string, headers: Map<string, string>): string {
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  const charset = param(headers.get("content-type"), "charset");
  if (encoding === "base64")
    return decodeBytes(Buffer.from(body.replace(/\s+/g, ""), "base64"), charset);
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body, charset);
  return body;
}

function collectParts(raw: string, out: { text: string; html: string }) {
  const { headers, body } = splitHeaderBlock(raw);
  const type = headers.get("content-type")?.toLowerCase() ?? "text/plain";
  if (type.startsWith("multipart/")) {
    const boundary = param(headers.get("content-type"), "boundary");
    if (!boundary) return;
    const sections = body.split(`--${boundary}`);
    // The first section is the preamble, the last one starts with "--" (the epilogue).
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      collectParts(section.replace(/^\n/, ""), out);
    }
    return;
  }
  const content = decodeBody(body, headers).replace(/\n$/, "");
  if (type.startsWith("text/html") && !out.html) out.html = content;
  else if (type.startsWith("text/plain") && !out.text) out.text = content;
}

export function parseMail(raw: string): ParsedMail {
  const { headers } = splitHeaderBlock(raw);
  const parts = { text: "", html: "" };
  collectParts(raw, parts);
  return {
    headers,
    subject: decodeEncodedWords(headers.get("subject") ?? ""),
    from: decodeEncodedWords(headers.get("from") ?? ""),
    to: decodeEncodedWords(headers.get("to") ?? ""),
    ...parts,
  };
}
