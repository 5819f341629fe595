import { APP_VERSION } from "../lib/app-version.ts";

/**
 * What the public routers ask of a client (FOSSGIS and Transitous terms): the application's name and
 * version, where it runs and a contact. Transitous refuses Node's default `node` with a 403.
 */
export const routingUserAgent = (appOrigin: string, contactEmail: string) =>
  `Boundless/${APP_VERSION} (${appOrigin}; ${contactEmail})`;
