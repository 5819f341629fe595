import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

// "/%09/evil.example/" once passed, and the router then refused it. Every form below
// leaves the site (or could, once decoded by a router or a browser) and must fall back to "/".
const BYPASSES = [
  "https://evil.example/",
  "//evil.example/",
  "/\t/evil.example/",
  "/%09/evil.example/",
  "/\n/evil.example/",
  "/%0a/evil.example/",
  "/%0D%0A/evil.example/",
  "/\r/evil.example/",
  "\t//evil.example/",
  "/\\evil.example/",
  "\\\\evil.example/",
  "/\\/evil.example/",
  "/%5C/evil.example/",
  "/%5c%5cevil.example/",
  "%2F%2Fevil.example/",
  "/%2F/evil.example/",
  "/%2f%2fevil.example/",
  "/%252F%252Fevil.example/",
  "/%25252F%25252Fevil.example/",
  "/%2525252F%2525252Fevil.example/%252525252F",
  // A stray "%" makes the whole refuse to decode, yet the escapes beside it still decode one by one.
  "/%09/evil.example/%",
  "/%2F/evil.example/%",
  "/%2f%2fevil.example/%",
  "%2F%2Fevil.example/%",
  "/%5C/evil.example/%",
  "/%0a/evil.example/100%",
  "/%252F%252Fevil.example/%",
  "/%2F/evil.example/%zz",
  "/%2F/evil.example/%E0%A4",
  "/%2F%E0/evil.example/",
  "/\u0000/evil.example",
  "/%00/evil.example",
  "/\u007f/evil.example",
  "/\u0085/evil.example",
  "javascript:alert(1)",
  "/ /evil.example/".replace(" ", "\u000b"),
  "evil.example",
  "",
  null,
  undefined,
] as const;

const SAFE = [
  "/",
  "/trips",
  "/trips?sort=oldest&q=caf%C3%A9",
  "/trips/5f6c7d8e-0000-4000-8000-000000000000",
  "/trips?q=100%25",
  "/trips?q=100%",
  "/trips?q=100%&sort=caf%C3%A9",
  "/trips?q=%E0%A4",
  "/profile#avatar",
  "/a/b/../c",
] as const;

describe("safeRedirectPath", () => {
  it.each(BYPASSES.map((value) => [JSON.stringify(value), value]))(
    "refuses %s",
    (_label, value) => {
      expect(safeRedirectPath(value)).toBe("/");
    },
  );

  it.each(SAFE.map((value) => [value]))("keeps the same-origin path %s", (value) => {
    expect(safeRedirectPath(value)).toBe(value);
  });

  it("uses the fallback it is given", () => {
    expect(safeRedirectPath("//evil.example", "/trips")).toBe("/trips");
  });
});
