import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startOpenAIFake } from "#tests/fakes/openai-fake.ts";
import { startSmtpCatcher } from "#tests/fakes/smtp-catcher.ts";
import {
  hugeText,
  partFloodMail,
  pdfDecompressionBomb,
  repeatedScriptHtml,
  undefinedZoneCalendar,
} from "#tests/support/hostile-bookings.ts";
import { startServer } from "#tests/support/server-process.ts";
import { largeGpx, takeoutSavedPlaces } from "./lib/saved-places-files.ts";
import { signIn, signUp, verifyThroughMail } from "./lib/session.ts";
import { median } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

/** What /api/health may take while any import is read (issue 43). */
const HEALTH_TARGET_MS = 200;
/** What a saved-places preview may take (issue 50). */
const PREVIEW_TARGET_MS = 2_000;
/** How often the server's resident memory is read while a saved-places file is previewed. */
const MEMORY_SAMPLE_MS = 20;
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

const SAVED_PLACES = [
  {
    name: "Saved Places.json",
    what: "Takeout, 2,000 places",
    type: "application/json",
    body: () => takeoutSavedPlaces(2000),
  },
  {
    name: "recorded.gpx",
    what: "GPX, 5 MB",
    type: "application/gpx+xml",
    body: () => largeGpx(5 * 1024 * 1024, 1500),
  },
];

/** Asks /api/health one request at a time until `settled()`; every answer's time. */
async function healthMeanwhile(url: string, settled: () => boolean, into: number[]) {
  for (let i = 0; i < MAX_HEALTH_REQUESTS && !settled(); i++) {
    const asked = performance.now();
    const health = await fetch(`${url}/api/health`);
    await health.arrayBuffer();
    if (health.status !== 200) throw new Error(`/api/health ${health.status}`);
    into.push(performance.now() - asked);
  }
}

/**
 * `npm run bench -- --only imports`: a server started as `npm start` does (PGlite, the model on a
 * loopback fake), each hostile file of security review three imported through
 * POST /api/bookings/import `runs` times while /api/health is asked again and again, one request
 * at a time until the import answers: the slowest health answer during each import, against 200 ms.
 * Then the saved-places files (issue 50: a 2,000-place Takeout file, a 5 MB GPX) previewed through
 * Home's POST /api/import-places `runs` times each: the slowest preview against 2 s, /api/health
 * meanwhile against 200 ms, and the server's resident memory over what it held before reading.
 */
export async function benchImports(
  ports: { server: number; ai: number; smtp: number },
  summary: Summary,
  runs: number,
) {
  const port = ports.server;
  const smtp = await startSmtpCatcher({ port: ports.smtp });
  const ai = await startOpenAIFake(
    { respond: () => JSON.stringify({ transport: [], stays: [], activities: [] }) },
    ports.ai,
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
      SMTP_URL: smtp.url,
      IMPORT_RATE_LIMIT: "1000",
      IMPORT_IP_RATE_LIMIT: "1000",
      LOG_LEVEL: "warn",
    },
    { timeoutMs: 300_000, via: "npm-start" },
  ).catch(async (error: unknown) => {
    // A server that did not start leaves no fake listening to keep the bench from ending.
    await ai.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const email = `imports-${Date.now()}@bench.local`;
    // The link opened by the "browser" that signed up (every cookie it was given, the
    // verification-pending one too), then a fresh sign-in: a verification can end older sessions.
    const { browserCookies, password } = await signUp(server.url, origin, email);
    await verifyThroughMail(smtp, email, browserCookies);
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
    await savedPlaces(server, { cookie, origin }, summary, runs);
  } finally {
    await server.stop();
    await ai.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function savedPlaces(
  server: { url: string; rssMb: () => number },
  session: { cookie: string; origin: string },
  summary: Summary,
  runs: number,
) {
  const previewFile = (name: string, type: string, body: string) => {
    const form = new FormData();
    form.append("file", new File([body], name, { type }));
    return fetch(`${server.url}/api/import-places`, {
      method: "POST",
      headers: session,
      body: form,
    });
  };
  // Warm-up: the places reader's thread and its libraries load once, not in a file's figure.
  await (
    await previewFile("warm-up.geojson", "application/geo+json", takeoutSavedPlaces(3))
  ).text();

  for (const file of SAVED_PLACES) {
    const body = file.body();
    const healthMs: number[] = [];
    const previewMs: number[] = [];
    const statuses = new Set<number>();
    let places = 0;
    let takenMb = 0;
    for (let run = 0; run < runs; run++) {
      const beforeMb = server.rssMb();
      let peakMb = beforeMb;
      const sampler = setInterval(() => {
        peakMb = Math.max(peakMb, server.rssMb());
      }, MEMORY_SAMPLE_MS);
      const started = performance.now();
      let settled = false;
      const previewing = previewFile(file.name, file.type, body).then(async (response) => {
        statuses.add(response.status);
        const answer = (await response.json()) as { places?: unknown[] };
        previewMs.push(performance.now() - started);
        places = answer.places?.length ?? 0;
        settled = true;
      });
      try {
        await healthMeanwhile(server.url, () => settled, healthMs);
        await previewing;
      } finally {
        clearInterval(sampler);
      }
      takenMb = Math.max(takenMb, Math.max(peakMb, server.rssMb()) - beforeMb);
    }
    const slowest = Math.max(...previewMs);
    const worst = Math.max(...healthMs, 0);
    const mb = (body.length / 1024 / 1024).toFixed(2);
    const answered = [...statuses].join("/");
    console.log(
      `    ${file.what} (${mb} MB, ${places} places): preview ${answered} in ≤ ${slowest.toFixed(0)} ms (median ${median(previewMs).toFixed(0)}); health worst ${worst.toFixed(0)} ms, median ${median(healthMs).toFixed(0)} ms over ${healthMs.length}; memory taken ≤ ${takenMb.toFixed(0)} MB`,
    );
    summary.add({
      part: "imports",
      name: `saved places: ${file.what} preview (POST /api/import-places)`,
      measured: `≤ ${slowest.toFixed(0)} ms over ${runs} (${places} places, answered ${answered}); server memory +${takenMb.toFixed(0)} MB while reading`,
      target: `< ${PREVIEW_TARGET_MS} ms, 200`,
      pass: slowest < PREVIEW_TARGET_MS && answered === "200" && places > 0,
    });
    summary.add({
      part: "imports",
      name: `saved places: /api/health while ${file.what} is previewed`,
      measured: `worst ${worst.toFixed(0)} ms, median ${median(healthMs).toFixed(0)} ms (${healthMs.length} requests over ${runs} previews)`,
      target: `< ${HEALTH_TARGET_MS} ms`,
      pass: healthMs.length > 0 && worst < HEALTH_TARGET_MS,
    });
  }
}
