import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger.ts";
import { createOutboxMailer } from "./outbox-mailer.ts";

function capture() {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").trim().split("\n")));
  return { logger: createLogger("info", stream), lines };
}

const message = {
  to: "a@example.com",
  subject: "Boundless: reset your password",
  text: "Set a new password: http://x.test/api/auth/reset-password/SECRET-TOKEN",
  html: "<p>…</p>",
};

describe("outbox mailer", () => {
  it("keeps and logs mail with its link outside production", async () => {
    const { logger, lines } = capture();
    const mailer = createOutboxMailer(logger);
    await mailer.send(message);
    expect(mailer.list()).toMatchObject([{ id: 1, to: "a@example.com" }]);
    await new Promise((r) => setImmediate(r));
    expect(lines.join("\n")).toContain("SECRET-TOKEN");
  });

  it("never keeps or logs a link in production", async () => {
    const { logger, lines } = capture();
    const mailer = createOutboxMailer(logger, { production: true });
    await mailer.send(message);
    expect(mailer.list()).toEqual([]);
    await new Promise((r) => setImmediate(r));
    const log = lines.join("\n");
    expect(log).toContain("set SMTP_URL");
    expect(log).not.toContain("SECRET-TOKEN");
  });
});
