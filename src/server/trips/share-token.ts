import { randomBytes } from "node:crypto";

/**
 * A public link's secret: 16 random bytes as base64url (22 URL-safe characters), so a link can be
 * neither guessed nor derived from the trip. Trips shared before tokens existed carry their id as
 * their token until they are unshared; both shapes pass SHARE_TOKEN_PATTERN.
 */
export const newShareToken = () => randomBytes(16).toString("base64url");

export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** The public page of the token, on this site. */
export const sharePathFor = (token: string) => `/shared/${token}`;

/** The link anyone can open: the token's page at the app's public origin. */
export const shareUrlFor = (appOrigin: string, token: string) =>
  `${appOrigin}${sharePathFor(token)}`;
