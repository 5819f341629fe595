import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "#server/services/mail/smtp-mailer.ts";
import { decodeEncodedWords, decodeQuotedPrintable } from "./mime.ts";
import { firstLink, startSmtpCatcher, type SmtpCatcher } from "./smtp-catcher.ts";

let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher({ http: true });
});
afterAll(() => catcher.close());

describe("SMTP catcher", () => {
  it("receives real SMTP from nodemailer and decodes text, HTML and an encoded subject", async () => {
    const mailer = createSmtpMailer({ url: catcher.url, from: "Boundless <no-reply@test.local>" });
    const longLink = `http://localhost:3000/api/auth/verify-email?token=${"x".repeat(200)}&callbackURL=%2F`;
    await mailer.send({
      to: "Ada@Example.com",
      subject: "Boundless: vérifiez — ✈",
      text: `Hello Ada\n\nVerify: ${longLink}`,
      html: `<p>Hello <b>Ada</b> — <a href="${longLink}">Verify</a></p>`,
    });
    const message = await catcher.waitForMessage("ada@example.com");
    expect(message.to).toEqual(["ada@example.com"]);
    expect(message.envelopeFrom).toBe("no-reply@test.local");
    expect(message.from).toContain("Boundless");
    expect(message.subject).toBe("Boundless: vérifiez — ✈");
    expect(message.text).toContain("Hello Ada");
    expect(message.html).toContain("<b>Ada</b> — ");
    // Quoted-printable soft line breaks must not cut the link.
    expect(firstLink(message)).toBe(longLink);
    expect(message.html).toContain(`href="${longLink}"`);
  });

  it("hands each message out once, in order, and waits for one that has not arrived", async () => {
    const mailer = createSmtpMailer({ url: catcher.url, from: "no-reply@test.local" });
    const waiting = catcher.waitForMessage("queue@example.com");
    await mailer.send({ to: "queue@example.com", subject: "one", text: "1", html: "<p>1</p>" });
    await mailer.send({ to: "queue@example.com", subject: "two", text: "2", html: "<p>2</p>" });
    expect((await waiting).subject).toBe("one");
    expect((await catcher.waitForMessage("queue@example.com")).subject).toBe("two");
    await expect(catcher.waitForMessage("queue@example.com", { timeoutMs: 100 })).rejects.toThrow(
      /no mail to queue@example.com/,
    );
  });

  it("lists messages newest first over HTTP, filtered by recipient", async () => {
    const mailer = createSmtpMailer({ url: catcher.url, from: "no-reply@test.local" });
    await mailer.send({ to: "http@example.com", subject: "a", text: "a", html: "<p>a</p>" });
    await mailer.send({ to: "http@example.com", subject: "b", text: "b", html: "<p>b</p>" });
    const res = await fetch(`${catcher.httpUrl}/messages?to=HTTP@example.com`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { messages: { subject: string; raw?: string }[] };
    expect(body.messages.map((m) => m.subject)).toEqual(["b", "a"]);
    expect(body.messages[0]).not.toHaveProperty("raw");
    expect((await fetch(`${catcher.httpUrl}/nope`)).status).toBe(404);
  });

  it("decodes quoted-printable and RFC 2047 words", () => {
    expect(decodeQuotedPrintable("caf=C3=A9 =\r\nau lait")).toBe("café au lait");
    expect(decodeEncodedWords("=?UTF-8?B?4pyI?= =?UTF-8?Q?_ok?=")).toBe("✈ ok");
  });
});
