import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Outbox = { messages: { to: string; subject: string; text: string; html: string }[] };

describe("dev outbox", () => {
  it("keeps mail without SMTP, newest first, with text, HTML and the product name", async () => {
    const { email } = await signUpUser(t);
    const res = await createClient(t).get("/api/dev/outbox");
    expect(res.status).toBe(200);
    const [latest] = ((await res.json()) as Outbox).messages;
    expect(latest?.to).toBe(email);
    expect(latest?.subject).toBe("Boundless: verify your e-mail");
    expect(latest?.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
    expect(latest?.html).toContain("Boundless");
  });

  it("does not exist in production", async () => {
    const prod = await createTestApp({ NODE_ENV: "production" });
    const res = await prod.app.request("/api/dev/outbox");
    expect(res.status).toBe(404);
    await prod.close();
  });

  it("says it is off when mail goes over SMTP", async () => {
    const smtp = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:9" });
    const res = await smtp.app.request("/api/dev/outbox");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { message: /SMTP/ } });
    await smtp.close();
  });
});
