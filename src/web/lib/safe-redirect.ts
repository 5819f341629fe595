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
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      // A stray "%" (a search for "100%"): nothing can decode it further, and what we have is safe.
      return value;
    }
    if (decoded === current) return value;
    current = decoded;
  }
  return fallback; // still encoded after several rounds: nobody needs that
}
