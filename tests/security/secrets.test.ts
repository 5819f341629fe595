import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { createApp } from "#server/app.ts";
import { startOpenAIFake, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import { createClient } from "#tests/support/http.ts";
import { fakeModelReply } from "../../bench/lib/generation-client.ts";
import { createMailTestApp } from "#tests/support/mail-app.ts";
import { createTestApp } from "#tests/support/test-app.ts";

const run = promisify(execFile);

// Recognisable values for every secret setting; none may reach the browser bundle or the logs.
const SECRETS = {
  AUTH_SECRET: "authsecret-SENTINEL-0123456789abcdefghijkl",
  AI_API_KEY: "sk-SENTINEL-ai-key-0123456789",
  OPENWEATHER_API_KEY: "owm-SENTINEL-key-0123456789",
  S3_SECRET_ACCESS_KEY: "s3secret-SENTINEL-0123456789",
  GOOGLE_CLIENT_SECRET: "google-SENTINEL-secret-0123",
  GITHUB_CLIENT_SECRET: "github-SENTINEL-secret-0123",
};
const DB_PASSWORD = "dbpass-SENTINEL-0123";
const SMTP_PASSWORD = "smtppass-SENTINEL-0123";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe("no secret in the built front end", () => {
  it("a production build made with every secret set contains none of them", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "boundless-build-"));
    try {
      await run(
        process.execPath,
        [
          path.resolve("node_modules/vite/bin/vite.js"),
          "build",
          "--outDir",
          outDir,
          "--logLevel",
          "error",
        ],
        {
          env: {
            ...process.env,
            ...SECRETS,
            // Even a careless VITE_ prefix would not leak these, because nothing reads them.
            VITE_AI_API_KEY: SECRETS.AI_API_KEY,
            AI_BASE_URL: "http://127.0.0.1:9/v1",
            AI_MODEL: "fake-model",
            DATABASE_URL: `postgres://app:${DB_PASSWORD}@127.0.0.1:5432/app`,
            SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:25`,
            NODE_ENV: "production",
          },
          timeout: 120_000,
        },
      );
      const files = filesUnder(outDir);
      expect(files.some((f) => f.endsWith(".js"))).toBe(true);
      for (const file of files) {
        const content = readFileSync(file, "latin1");
        for (const value of [...Object.values(SECRETS), DB_PASSWORD, SMTP_PASSWORD])
          expect(content.includes(value), `${value} in ${path.basename(file)}`).toBe(false);
        expect(content).not.toMatch(/SENTINEL/);
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 150_000);
});

function capture() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}

/** An app in `nodeEnv` with the secrets set, every log line kept (LOG_LEVEL=trace). */
const settingsFor = (nodeEnv: "development" | "production", ai: OpenAIFake) => ({
  NODE_ENV: nodeEnv,
  LOG_LEVEL: "trace",
  AUTH_SECRET: SECRETS.AUTH_SECRET,
  AI_BASE_URL: ai.url,
  AI_API_KEY: SECRETS.AI_API_KEY,
  AI_MODEL: "fake-model",
  AUTH_RATE_LIMIT: "1000",
});

/** That app mailing over SMTP to a catcher, as in production. */
async function mailAppWithCapturedLogs(nodeEnv: "development" | "production", ai: OpenAIFake) {
  const logs = capture();
  return {
    ...(await createMailTestApp(settingsFor(nodeEnv, ai), {}, { logTo: logs.stream })),
    logs,
  };
}

/** That app without SMTP_URL. */
async function appWithCapturedLogs(nodeEnv: "development" | "production", ai: OpenAIFake) {
  const logs = capture();
  return { ...(await createTestApp(settingsFor(nodeEnv, ai), {}, { logTo: logs.stream })), logs };
}

/** Sign-up, sign-in (right and wrong), session, password change, reset request, trip creation, chat. */
async function exercise(t: { app: ReturnType<typeof createApp> }) {
  const client = createClient(t);
  const email = `logs-${Date.now()}@example.com`;
  const password = "first-PASSWORD-sentinel-1";
  const newPassword = "second-PASSWORD-sentinel-2";
  expect(
    (await client.post("/api/auth/sign-up/email", { email, password, name: "Logs" })).status,
  ).toBe(200);
  const sessionValues = [...client.cookies.values()];
  await client.post("/api/auth/sign-in/email", { email, password: "wrong-PASSWORD-sentinel-3" });
  expect((await client.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
  sessionValues.push(...client.cookies.values());
  await client.get("/api/auth/get-session");
  await client.post("/api/auth/change-password", { currentPassword: password, newPassword });
  sessionValues.push(...client.cookies.values());
  await client.post("/api/auth/request-password-reset", { email, redirectTo: "/update-password" });
  await client.post("/api/trips", {
    destination: "Lisbon, Portugal",
    startDate: "2030-05-01",
    endDate: "2030-05-03",
    budget: 1500,
    travelStyle: "comfort",
    interests: ["History"],
  });
  await client.post("/api/chat", { message: "What should I pack for Lisbon?" });
  return { passwords: [password, newPassword, "wrong-PASSWORD-sentinel-3"], sessionValues };
}

/** One-time tokens in mail links: `?token=…` (verification) and `/reset-password/<token>`. */
function mailTokens(texts: string[]) {
  return texts.flatMap((text) =>
    [...text.matchAll(/(?:token=|reset-password\/)([\w.-]{16,})/g)].map((m) => m[1]!),
  );
}

function expectClean(logText: string, secrets: string[]) {
  expect(logText.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    if (!secret) continue;
    expect(logText.includes(secret), `log contains ${secret.slice(0, 12)}…`).toBe(false);
    // Session cookies are "token.signature": neither half may appear either.
    for (const part of decodeURIComponent(secret).split("."))
      if (part.length >= 16)
        expect(logText.includes(part), `log contains ${part.slice(0, 8)}…`).toBe(false);
  }
  expect(logText).not.toMatch(/SENTINEL/);
  expect(logText).not.toMatch(/Bearer\s+\S/);
}

describe("no secret, password or token in logs", () => {
  let ai: OpenAIFake;
  beforeAll(async () => {
    ai = await startOpenAIFake({ respond: fakeModelReply });
  });
  afterAll(() => ai.close());

  it.each(["development", "production"] as const)(
    "in %s mode, through sign-up, sign-in, password change, reset, generation and chat",
    async (mode) => {
      const t = await mailAppWithCapturedLogs(mode, ai);
      try {
        const { passwords, sessionValues } = await exercise(t);
        // Verification and reset mail (the reset one is sent in the background).
        await expect.poll(() => t.smtp.messages().length).toBeGreaterThanOrEqual(2);
        const tokens = mailTokens(t.smtp.messages().map((m) => m.text));
        expect(tokens.length).toBeGreaterThanOrEqual(2);
        expectClean(t.logs.text(), [
          ...passwords,
          ...sessionValues,
          ...tokens,
          ...Object.values(SECRETS),
        ]);
      } finally {
        await t.close();
      }
    },
    60_000,
  );

  // Without SMTP_URL in production the outbox delivers nothing: it keeps and logs no mail text (it
  // once did, which put live verification and reset links in production logs), only a warning.
  it("in production mode without SMTP, no mail link reaches the logs", async () => {
    const t = await appWithCapturedLogs("production", ai);
    try {
      await exercise(t);
      // The reset mail is sent in the background (no timing oracle): let it finish.
      await expect
        .poll(() => t.logs.text().match(/set SMTP_URL/g)?.length ?? 0)
        .toBeGreaterThanOrEqual(2);
      const mailer = t.deps.mailer as { list?: () => unknown[] };
      expect(mailer.list?.() ?? []).toEqual([]);
      expect(t.logs.text()).not.toMatch(/token=|reset-password\/\w/);
    } finally {
      await t.close();
    }
  });
});
