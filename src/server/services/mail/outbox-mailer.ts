import type { Logger } from "../../lib/logger.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

export type OutboxEntry = MailMessage & { id: number; sentAt: string };

const OUTBOX_SIZE = 50;

/**
 * Development mail: logged, and kept in memory so a local user can open their links at /api/dev/outbox
 * (and the /dev/outbox page). The listing route is mounted only outside production; in production
 * nothing is kept and only the recipient and subject are logged, with a warning.
 */
export function createOutboxMailer(
  logger: Logger,
  options: { production?: boolean } = {},
): Mailer & { list: () => OutboxEntry[] } {
  const entries: OutboxEntry[] = [];
  let nextId = 1;
  return {
    kind: "outbox",
    send: (message) => {
      if (options.production) {
        // Links in mail sign people in or reset passwords: never write them to production logs.
        logger.warn(
          { mail: { to: message.to, subject: message.subject } },
          "mail not delivered: set SMTP_URL to send e-mail in production",
        );
        return Promise.resolve();
      }
      const entry = { ...message, id: nextId++, sentAt: new Date().toISOString() };
      entries.unshift(entry);
      entries.length = Math.min(entries.length, OUTBOX_SIZE);
      logger.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        "dev outbox: mail",
      );
      return Promise.resolve();
    },
    list: () => [...entries],
  };
}
