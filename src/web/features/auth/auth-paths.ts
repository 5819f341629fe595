export const VERIFY_EMAIL_PATH = "/verify-email";
export const UPDATE_PASSWORD_PATH = "/update-password";
