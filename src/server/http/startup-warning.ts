import type { Env } from "../env.ts";
import { listensBeyondLoopback } from "./client-address.ts";

/**
 * Development mode on an address other machines can reach: say so, and how to run in production.
 * (The dev outbox answers only this machine, but development also means a generated secret and
 * no Secure cookies.) Null when there is nothing to warn about.
 */
export function developmentExposureWarning(env: Env): string | null {
  if (env.NODE_ENV !== "development" || !listensBeyondLoopback(env.HOST)) return null;
  return [
    `Warning: Boundless is running in development mode and listening on ${env.HOST}:${env.PORT}, which other machines can reach.`,
    "Development mode is for your own machine: it has a dev mail outbox, a generated secret and no Secure cookies.",
    "To serve other people, run in production: NODE_ENV=production AUTH_SECRET=<32+ random characters> APP_ORIGIN=https://<your domain> SMTP_URL=smtp://... npm start",
    "To keep development on this machine only: HOST=127.0.0.1 npm start",
  ].join("\n  ");
}
