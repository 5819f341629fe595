import { PRODUCT_NAME } from "#shared/constants.ts";
import type { MailMessage } from "./mailer.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function linkMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  url: string,
): MailMessage {
  return {
    to,
    subject: `${PRODUCT_NAME}: ${subject}`,
    text: `${intro}\n\n${action}: ${url}\n\nIf you did not ask for this, you can ignore this e-mail.\n\n— ${PRODUCT_NAME}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>If you did not ask for this, you can ignore this e-mail.</p><p>— ${PRODUCT_NAME}</p>`,
  };
}

export const verificationMail = (to: string, url: string) =>
  linkMail(
    to,
    "verify your e-mail",
    `Welcome to ${PRODUCT_NAME}! Please confirm your e-mail address.`,
    "Verify e-mail",
    url,
  );

export const resetPasswordMail = (to: string, url: string) =>
  linkMail(
    to,
    "reset your password",
    "We received a request to reset your password. The link works once, for one hour.",
    "Set a new password",
    url,
  );
