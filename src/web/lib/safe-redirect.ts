const PROBE_ORIGIN = "http://same-origin.invalid";
// Control characters (tabs and new lines are dropped by URL parsers, so "/\t/evil.example" is
// "//evil.example") and backslashes (which browsers read as "/").
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;
const MAX_DECODES = 4;

/**
 * Only same-origin paths: `?from=https://evil.example`, "//evil", "/\t/evil", "/%2F/evil" and the
 * like must never become a redirect target. The value is checked as given and after each round of
 * percent-decoding (a router or a later redirect may decode it); anything doubtful is `fallback`.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (!value) return fallback;
  let current = value;
  for (let round = 0; round <= MAX_DECODES; round++) {
    if (UNSAFE.test(current) || !current.startsWith("/") || current.startsWith("//"))
      return fallback;
    if (new URL(current, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return fallback;
    const decoded = decodeEachForm(current);
    if (decoded === current) return value;
    current = decoded;
  }
  return fallback; // still encoded after several rounds: nobody needs that
}

const ESCAPE_RUN = /(?:%[0-9a-f]{2})+/gi;
const ESCAPE = /%[0-9a-f]{2}/gi;

/**
 * One round of percent-decoding that never gives up on the whole: a stray "%" (a search for "100%")
 * makes `decodeURIComponent` throw, yet a router decodes the escapes around it all the same, so
 * "/%2F/evil.example/%" must be read as "///evil.example/%". Each run of escapes is decoded on its own;
 * a run that is not valid UTF-8 has its ASCII escapes decoded one by one and the rest left as they are.
 */
function decodeEachForm(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value.replace(ESCAPE_RUN, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run.replace(ESCAPE, (escape) => {
          const code = Number.parseInt(escape.slice(1), 16);
          return code < 0x80 ? String.fromCharCode(code) : escape;
        });
      }
    });
  }
}
