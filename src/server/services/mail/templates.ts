import { PRODUCT_NAME } from "#shared/constants.ts";
import type { MailMessage } from "./mailer.ts";
import { escapeHtml } from "../../lib/escape-html.ts";

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

export const accountDeletionLinkMail = (to: string, url: string) =>
  linkMail(
    to,
    "confirm deleting your account",
    `Someone signed in to your ${PRODUCT_NAME} account asked to delete it, with every trip and file. The link works once, for one hour; nothing is deleted until you confirm on the page it opens.`,
    "Delete my account",
    url,
  );

/** Sent after the account is gone: no link, nothing to act on, and nothing of the account but the address. */
export const accountDeletedMail = (to: string, contactEmail: string): MailMessage => {
  const lines = [
    `Your ${PRODUCT_NAME} account has been deleted, with your profile, your trips, your shared links and your avatar.`,
    "You can sign up again with this address at any time; nothing from the old account will come back.",
    `If you did not ask for this, write to ${contactEmail}.`,
  ];
  return {
    to,
    subject: `${PRODUCT_NAME}: your account has been deleted`,
    text: `${lines.join("\n\n")}\n\n— ${PRODUCT_NAME}`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p>— ${PRODUCT_NAME}</p>`,
  };
};

/** An invitation to a trip: who invites, to which trip (destination and dates), as what. */
export const tripInviteMail = (
  to: string,
  invite: { inviterName: string; destination: string; dates: string; role: string; url: string },
) =>
  linkMail(
    to,
    `${invite.inviterName} invites you to ${invite.destination}`,
    `${invite.inviterName} invites you to their trip to ${invite.destination} (${invite.dates}) as ${invite.role}. The link works once, for 7 days.`,
    "Open the invitation",
    invite.url,
  );
