import nodemailer from "nodemailer";
import type { Mailer } from "./mailer.ts";

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const url = new URL(options.url);
  // Timeouts so a dead SMTP server fails the request instead of hanging it.
  for (const [key, value] of [
    ["connectionTimeout", "10000"],
    ["greetingTimeout", "10000"],
    ["socketTimeout", "20000"],
  ] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const transport = nodemailer.createTransport(url.toString());
  return {
    kind: "smtp",
    send: async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
