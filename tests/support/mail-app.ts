import { startSmtpCatcher, type SmtpCatcher } from "#tests/fakes/smtp-catcher.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

export type MailTestApp = TestApp & {
  /** The catcher the app's mail goes to: `t.smtp.waitForMessage(address)` reads it. */
  smtp: SmtpCatcher;
};

/**
 * The one set-up of a test that reads the mail the app sends: a real SMTP catcher on loopback and
 * the app mailing to it over SMTP, as in production (the dev outbox prints mail, addresses and
 * links by design, so no test of what reaches the logs may stand on it). Sign-ups are not limited
 * (AUTH_RATE_LIMIT=1000: these suites make many accounts from one address) unless `settings` says
 * otherwise. `close()` closes the app, then the catcher.
 */
export async function createMailTestApp(
  ...[settings = {}, overrides, options]: Parameters<typeof createTestApp>
): Promise<MailTestApp> {
  const smtp = await startSmtpCatcher();
  let app: TestApp;
  try {
    app = await createTestApp(
      { AUTH_RATE_LIMIT: "1000", ...settings, SMTP_URL: smtp.url },
      overrides,
      options,
    );
  } catch (error) {
    await smtp.close();
    throw error;
  }
  return {
    ...app,
    smtp,
    close: async () => {
      try {
        await app.close();
      } finally {
        await smtp.close();
      }
    },
  };
}
