import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startOpenAIFake } from "#tests/fakes/openai-fake.ts";
import {
  hugeText,
  partFloodMail,
  pdfDecompressionBomb,
  repeatedScriptHtml,
  undefinedZoneCalendar,
} from "#tests/support/hostile-bookings.ts";
import { startServer } from "#tests/support/server-process.ts";
import { signIn, signUp, verifyThroughOutbox } from "./lib/session.ts";
import { median } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

/** What /api/health may take while any import is read (issue 43). */
const HEALTH_TARGET_MS = 200;
/** Health requests per import at most (one at a time, until the import answers). */
const MAX_HEALTH_REQUESTS = 2_000;

const HOSTILE = [
  { finding: "F-1", name: "scripts.html", type: "text/html", body: () => repeatedScriptHtml() },
  { finding: "F-1", name: "flood.ics", type: "text/calendar", body: () => undefinedZoneCalendar() },
  {
    finding: "F-2",
    name: "bomb.pdf",
    type: "application/pdf",
    body: () => pdfDecompressionBomb(),
  },
  { finding: "F-8", name: "parts.eml", type: "message/rfc822", body: () => partFloodMail() },
  { finding: "F-6", name: "huge.txt", type: "text/plain", body: () => hugeText() },
];

/**
 * `npm run bench -- --only imports`: a server started as `npm start` does (PGlite, the model on a
 * loopback fake), each hostile file of security review three imported through
 * POST /api/bookings/import `runs` times while /api/health is asked again and again, one request
 * at a time until the import answers: the slowest health answer during each import, against 200 ms.
 */
export async function benchImports(port: number, aiPort: number, summary: Summary, runs: number) {
  const ai = await startOpenAIFake(
    { respond: () => JSON.stringify({ transport: [], stays: [], activities: [] }) },
    aiPort,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-bench-imports-"));
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ORIGIN: origin,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      AI_BASE_URL: ai.url,
      AI_API_KEY: "sk-bench",
      AI_MODEL: "fake-model",
      IMPORT_RATE_LIMIT: "1000",
      IMPORT_IP_RATE_LIMIT: "1000",
      LOG_LEVEL: "warn",
      // The dev outbox (where the account's verification link waits: imports need a verified
      // address) is mounted only outside production; the server is otherwise `npm start`'s.
      NODE_ENV: "development",
    },
    { timeoutMs: 300_000, via: "npm-start" },
  ).catch(async (error: unknown) => {
    // A server that did not start leaves no fake listening to keep the bench from ending.
    await ai.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const email = `imports-${Date.now()}@bench.local`;
    const { password, browserCookies } = await signUp(server.url, origin, email);
    await verifyThroughOutbox(server.url, email, browserCookies);
    const cookie = await signIn(server.url, origin, email, password);
    const importFile = (name: string, type: string, body: string | Uint8Array) => {
      const form = new FormData();
      form.append(
        "file",
        new File([typeof body === "string" ? body : new Uint8Array(body)], name, { type }),
      );
      return fetch(`${server.url}/api/bookings/import`, {
        method: "POST",
        headers: { cookie, origin },
        body: form,
      });
    };
    // Warm-up: the reading thread's first start and pdf.js's loading are not a file's figure.
    await (await importFile("warm-up.txt", "text/plain", "nothing to read")).arrayBuffer();

    for (const file of HOSTILE) {
      const body = file.body();
      const healthMs: number[] = [];
      const statuses = new Set<string>();
      let importMs = 0;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        let settled = false;
        const importing = importFile(file.name, file.type, body)
          .then(async (response) => {
            statuses.add(String(response.status));
            await response.arrayBuffer();
          })
          // A connection the server closes mid-upload is that import's answer, not the bench's end.
          .catch((error: unknown) => {
            const cause =
              error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
            statuses.add(cause?.code ?? "network error");
          })
          .finally(() => {
            importMs = Math.max(importMs, performance.now() - started);
            settled = true;
          });
        for (let i = 0; i < MAX_HEALTH_REQUESTS && !settled; i++) {
          const asked = performance.now();
          const health = await fetch(`${server.url}/api/health`);
          await health.arrayBuffer();
          if (health.status !== 200) throw new Error(`/api/health ${health.status}`);
          healthMs.push(performance.now() - asked);
        }
        await importing;
      }
      const worst = Math.max(...healthMs, 0);
      const line = `${file.name} (${(body.length / 1024 / 1024).toFixed(2)} MB): health worst ${worst.toFixed(0)} ms, median ${median(healthMs).toFixed(0)} ms over ${healthMs.length} requests; import ${[...statuses].join("/")} in ≤ ${importMs.toFixed(0)} ms`;
      console.log(`    ${file.finding} ${line}`);
      summary.add({
        part: "imports",
        name: `${file.finding}: /api/health while ${file.name} is imported`,
        measured: `worst ${worst.toFixed(0)} ms, median ${median(healthMs).toFixed(0)} ms (${healthMs.length} requests over ${runs} imports, answered ${[...statuses].join("/")})`,
        target: `< ${HEALTH_TARGET_MS} ms`,
        pass: healthMs.length > 0 && worst < HEALTH_TARGET_MS && !statuses.has("500"),
      });
    }
  } finally {
    await server.stop();
    await ai.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
