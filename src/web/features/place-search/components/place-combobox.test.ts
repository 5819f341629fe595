import { describe, expect, it } from "vitest";
import { linkableWebsite } from "./place-combobox.tsx";

describe("linkableWebsite", () => {
  it("keeps a picked place's http(s) website and drops what the activity would refuse", () => {
    expect(linkableWebsite("https://www.louvre.fr/")).toBe("https://www.louvre.fr/");
    expect(linkableWebsite("http://example.org")).toBe("http://example.org");
    expect(linkableWebsite("www.louvre.fr")).toBeNull();
    expect(linkableWebsite("javascript:alert(1)")).toBeNull();
    expect(linkableWebsite(`https://example.org/${"a".repeat(500)}`)).toBeNull();
    expect(linkableWebsite(null)).toBeNull();
  });
});
