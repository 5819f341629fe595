import type { Logger } from "../../lib/logger.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

export type OutboxEntry = MailMessage & { id: number; sentAt: string };

const OUTBOX_SIZE = 50;

/**
 * Development mail: logged, and kept in memory so a local user can open their links at /api/dev/outbox.
 * The listing route is mounted only outside production.
 */
export function createOutboxMailer(logger: Logger): Mailer & { list: () => OutboxEntry[] } {
  const entries: OutboxEntry[] = [];
  let nextId = 1;
  return {
    kind: "outbox",
    send: (message) => {
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
