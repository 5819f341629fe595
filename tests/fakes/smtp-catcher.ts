import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMail } from "./mime.ts";

export type CaughtMessage = {
  id: number;
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  /** Envelope sender (MAIL FROM). */
  envelopeFrom: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
  receivedAt: string;
};

export type SmtpCatcher = {
  /** `smtp://127.0.0.1:<port>` with the options our SMTP mailer needs for a plain loopback server. */
  url: string;
  port: number;
  /** `http://127.0.0.1:<port>` of the HTTP view, when started with `http`. */
  httpUrl: string | undefined;
  messages: () => CaughtMessage[];
  /** The oldest message to `to` not handed out before; waits for one to arrive. */
  waitForMessage: (to: string, options?: { timeoutMs?: number }) => Promise<CaughtMessage>;
  clear: () => void;
  close: () => Promise<void>;
};

/** The first http(s) link in a message's text part (our mails carry exactly one action link). */
export function firstLink(message: Pick<CaughtMessage, "text">): string {
  const match = message.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in message: ${message.text}`);
  return match[0];
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests. With `http`, it also serves
 * `GET /messages?to=<address>` (JSON, newest first) so a browser test can read its mail.
 */
export async function startSmtpCatcher(
  options: { port?: number; http?: boolean | { port: number } } = {},
): Promise<SmtpCatcher> {
  const caught: CaughtMessage[] = [];
  const handedOut = new Set<number>();
  const waiters = new Set<() => void>();
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMail(raw);
        const envelopeFrom = session.envelope.mailFrom;
        caught.push({
          id: nextId++,
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          envelopeFrom: envelopeFrom ? envelopeFrom.address : "",
          from: parsed.from,
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html,
          raw,
          receivedAt: new Date().toISOString(),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (smtp.server.address() as AddressInfo).port;

  let http: HttpServer | undefined;
  let httpUrl: string | undefined;
  if (options.http) {
    const httpPort = typeof options.http === "object" ? options.http.port : 0;
    http = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (req.method !== "GET" || url.pathname !== "/messages") {
        res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"not found"}');
        return;
      }
      const to = url.searchParams.get("to")?.toLowerCase();
      const list = caught
        .filter((m) => !to || m.to.includes(to))
        .reverse()
        .map(({ raw: _raw, ...m }) => m);
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ messages: list }));
    });
    await new Promise<void>((resolve, reject) => {
      http?.once("error", reject);
      http?.listen(httpPort, "127.0.0.1", () => resolve());
    });
    httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }

  const take = (to: string) => {
    const message = caught.find((m) => !handedOut.has(m.id) && m.to.includes(to));
    if (message) handedOut.add(message.id);
    return message;
  };

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    port,
    httpUrl,
    messages: () => [...caught],
    waitForMessage: (address, { timeoutMs = 5_000 } = {}) => {
      const to = address.toLowerCase();
      return new Promise((resolve, reject) => {
        const found = take(to);
        if (found) return resolve(found);
        const wake = () => {
          const message = take(to);
          if (!message) return;
          cleanup();
          resolve(message);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
      });
    },
    clear: () => {
      caught.length = 0;
      handedOut.clear();
    },
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (http) await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
