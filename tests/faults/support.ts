import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const FAULT_SECRET = "fault-secret-fault-secret-fault-secret-01";
export const PASSWORD = "fault-password-123";

/** Settings for a production-mode server on 127.0.0.1; PGlite in a temp dir unless a URL is given. */
export function serverSettings(
  port: number,
  options: { databaseUrl?: string; origin?: string; dataDir?: string } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "boundless-fault-"));
  return {
    settings: {
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ORIGIN: options.origin ?? `http://127.0.0.1:${port}`,
      AUTH_SECRET: FAULT_SECRET,
      AUTH_RATE_LIMIT: "100000",
      LOG_LEVEL: "warn",
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
    dataDir,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export function sessionCookie(response: Response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.includes("session_token"))
    .join("; ");
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
}

export async function signUpOver(baseUrl: string, origin: string, email: string) {
  const response = await postJson(
    `${baseUrl}/api/auth/sign-up/email`,
    { email, password: PASSWORD, name: "Fault User" },
    { origin },
  );
  if (response.status !== 200)
    throw new Error(`sign-up ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { userId: body.user.id, cookie: sessionCookie(response), email };
}

export async function signInOver(
  baseUrl: string,
  origin: string,
  email: string,
  password = PASSWORD,
) {
  return postJson(`${baseUrl}/api/auth/sign-in/email`, { email, password }, { origin });
}

/** Polls until `check` holds or the deadline passes; returns the milliseconds it took. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, stepMs = 100) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return performance.now() - started;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
