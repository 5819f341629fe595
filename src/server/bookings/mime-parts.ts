/*
 * How many parts an e-mail has, counted on its boundaries before it is parsed: every `boundary=` its
 * headers declare, then every line that opens a part of one (`--boundary`, not the closing
 * `--boundary--`). A part needs no Content-Type line, so counting those (as once done) let 120,000
 * bare parts through to the parser. One pass over the text; stops counting past `limit`.
 */

const BOUNDARY = /boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))/gi;

export function mimePartCount(bytes: Uint8Array, limit: number): number {
  const raw = new TextDecoder("latin1").decode(bytes);
  const boundaries = new Set<string>();
  for (const match of raw.matchAll(BOUNDARY)) boundaries.add(match[1] ?? match[2] ?? "");
  boundaries.delete("");
  if (boundaries.size === 0) return 1;
  let parts = 0;
  let at = raw.startsWith("--") ? 0 : raw.indexOf("\n--");
  while (at !== -1) {
    const start = raw[at] === "\n" ? at + 3 : at + 2;
    let end = raw.indexOf("\n", start);
    if (end === -1) end = raw.length;
    // A delimiter line: the boundary, then only white space (RFC 2046 allows trailing blanks).
    const line = raw.slice(start, end).trimEnd();
    if (boundaries.has(line)) {
      parts += 1;
      if (parts > limit) return parts;
    }
    at = raw.indexOf("\n--", end);
  }
  return parts;
}
