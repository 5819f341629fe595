import { describe, expect, it } from "vitest";
import {
  accountDeletedMail,
  accountDeletionLinkMail,
  resetPasswordMail,
  verificationMail,
} from "./templates.ts";

describe("mail templates", () => {
  it("carry the product name and the link in both text and HTML", () => {
    for (const mail of [
      verificationMail("a@example.com", "http://x.test/v?token=1&callbackURL=%2F"),
      resetPasswordMail("a@example.com", "http://x.test/r/1?callbackURL=%2Fupdate-password"),
      accountDeletionLinkMail("a@example.com", "http://x.test/account/delete?token=abc"),
    ]) {
      expect(mail.subject.startsWith("Boundless: ")).toBe(true);
      expect(mail.text).toContain("Boundless");
      expect(mail.html).toContain("Boundless");
      expect(mail.text).toMatch(/http:\/\/x\.test\/\S+/);
      expect(mail.html).toMatch(/<a href="http:\/\/x\.test\//);
    }
  });

  it("escapes the link inside HTML", () => {
    const mail = verificationMail("a@example.com", 'http://x.test/?a=1&b="><script>');
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&#38;b=&#34;&#62;&#60;script&#62;");
  });

  it("confirm a deleted account without a link, naming where to write", () => {
    const mail = accountDeletedMail("a@example.com", "help@x.test");
    expect(mail.subject).toBe("Boundless: your account has been deleted");
    expect(mail.text).not.toMatch(/https?:\/\//);
    expect(mail.html).not.toContain("<a ");
    expect(mail.text).toContain("help@x.test");
  });
});
