import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let dist: string;
let web: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  dist = mkdtempSync(path.join(tmpdir(), "boundless-dist-"));
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html><head><title>Boundless — AI travel planner</title></head><body><div id="root"></div></body></html>',
  );
  web = createApp(t.deps, { serveWeb: true, webRoot: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (pagePath: string) => {
  const res = await web.request(pagePath);
  expect(res.status).toBe(200);
  return { html: await res.text(), cache: res.headers.get("cache-control") };
};

describe("the shared page's link preview", () => {
  it("names the trip, its destination and dates, escaped, and is never cached", async () => {
    const { userId } = await signUpUser(t);
    const row = await insertTrip(t.deps.database.db, userId, {
      name: `Ana's <b>"trip"</b>`,
      destination: "Paris & around",
      startDate: "2027-03-01",
      days: 3,
      isPublic: true,
    });
    const { html, cache } = await page(`/shared/${row.shareToken}`);
    expect(cache).toBe("no-store");
    expect(html).toContain(
      "<title>Ana&#39;s &#60;b&#62;&#34;trip&#34;&#60;/b&#62; · Boundless</title>",
    );
    expect(html).not.toContain("AI travel planner</title>");
    expect(html).toContain(
      '<meta property="og:title" content="Ana&#39;s &#60;b&#62;&#34;trip&#34;&#60;/b&#62;" />',
    );
    expect(html).toContain(
      '<meta property="og:description" content="A trip to Paris &#38; around, 1 Mar 2027 – 3 Mar 2027: the day-by-day plan." />',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain("<b>");
  });

  it("gives a private trip's, an unknown or a malformed link no tags", async () => {
    const { userId } = await signUpUser(t);
    const hidden = await insertTrip(t.deps.database.db, userId, {
      destination: "Secret Cove",
      isPublic: false,
      shareToken: "A".repeat(22),
    });
    for (const link of [`/shared/${"A".repeat(22)}`, `/shared/${"B".repeat(22)}`, "/shared/x"]) {
      const { html } = await page(link);
      expect(html, link).toContain("<title>Boundless — AI travel planner</title>");
      expect(html, link).not.toContain("og:title");
      expect(html, link).not.toContain("Secret Cove");
    }
    expect(hidden.isPublic).toBe(false);
  });
});
