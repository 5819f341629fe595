export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
};

/** Sends e-mail. Failures throw; callers turn them into the spec's message. */
export type Mailer = {
  kind: "smtp" | "outbox";
  send: (message: MailMessage) => Promise<void>;
};
