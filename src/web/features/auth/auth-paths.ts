export const VERIFY_EMAIL_PATH = "/verify-email";

/**
 * Where a verification link brings the visitor back: /verify-email, with the page they came from
 * (an invitation, the plan form on Home) so that, verified, they go on there, even when the link
 * opens in another tab.
 */
export const verifyEmailPath = (returnTo?: string) =>
  returnTo ? `${VERIFY_EMAIL_PATH}?from=${encodeURIComponent(returnTo)}` : VERIFY_EMAIL_PATH;
export const UPDATE_PASSWORD_PATH = "/update-password";
