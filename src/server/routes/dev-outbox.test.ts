import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser } from "#tests/support/http.ts";
import { serveTestApp } from "#tests/support/serve-app.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Over real HTTP from 127.0.0.1: the outbox answers only loopback clients (tests/security has the rest).
let t: TestApp;
let server: Awaited<ReturnType<typeof serveTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  server = await serveTestApp(t);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

type Outbox = { messages: { to: string; subject: string; text: string; html: string }[] };

describe("dev outbox", () => {
  it("keeps mail without SMTP, newest first, with text, HTML and the product name", async () => {
    const { email } = await signUpUser(t);
    const res = await fetch(`${server.urlVia()}/api/dev/outbox`);
    expect(res.status).toBe(200);
    const [latest] = ((await res.json()) as Outbox).messages;
    expect(latest?.to).toBe(email);
    expect(latest?.subject).toBe("Boundless: verify your e-mail");
    expect(latest?.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
    expect(latest?.html).toContain("Boundless");
  });

  it("does not exist in production", async () => {
    const prod = await createTestApp({ NODE_ENV: "production" });
    const prodServer = await serveTestApp(prod);
    try {
      const res = await fetch(`${prodServer.urlVia()}/api/dev/outbox`);
      expect(res.status).toBe(404);
    } finally {
      await prodServer.close();
      await prod.close();
    }
  });

  it("says it is off when mail goes over SMTP", async () => {
    const smtp = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:9" });
    const smtpServer = await serveTestApp(smtp);
    try {
      const res = await fetch(`${smtpServer.urlVia()}/api/dev/outbox`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { message: /SMTP/ } });
    } finally {
      await smtpServer.close();
      await smtp.close();
    }
  });
});
