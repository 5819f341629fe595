import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startOpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { startSmtpCatcher } from "#tests/fakes/smtp-catcher.ts";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { openLiveStream } from "./lib/live-stream.ts";
import { inviteMembers } from "./lib/live-members.ts";
import { signUp } from "./lib/session.ts";
import { median, percentile } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

export type IdeasPorts = { a: number; b: number; smtp: number; geocoder: number };
export type IdeasOptions = { runs: number; votes: number };

const IDEAS = 300;
const VOTES = 2_000;
const ITEMS = 500;
const POLLS = 10;
// 2,000 votes on 300 ideas is 6 or 7 voters an idea: the owner and 7 editors.
const EDITORS = 7;
const WARM_UP = 20;
const TARGET_LIST_MS = 50;
const TARGET_VOTE_MS = 250;
const CHANGE_DEADLINE_MS = 5_000;
const PAUSE_BETWEEN_VOTES_MS = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The `ms` of every 200 GET of `suffix` on this trip in a server's request log. */
function serverTimesOf(output: string, tripId: string, suffix: string): number[] {
  const times: number[] = [];
  for (const line of output.split("\n")) {
    if (!line.includes('"method":"GET"') || !line.includes(`${tripId}/${suffix}"`)) continue;
    try {
      const entry = JSON.parse(line) as { ms?: unknown; status?: unknown };
      if (typeof entry.ms === "number" && entry.status === 200) times.push(entry.ms);
    } catch {
      // not a log line
    }
  }
  return times;
}

/** Runs `jobs` a few at a time (the seeding of thousands of rows, through the API). */
async function inBatches(jobs: (() => Promise<unknown>)[], atOnce = 8) {
  for (let start = 0; start < jobs.length; start += atOnce)
    await Promise.all(jobs.slice(start, start + atOnce).map((job) => job()));
}

/**
 * Issue 49's figures: two instances of the product (`npm start`) on one private PostgreSQL database;
 * a trip with 300 ideas, 2,000 votes (the owner and 7 editors), 10 polls and 500 packing items, all
 * made through the API. Each list (GET …/ideas, …/polls, …/packing) is timed warm, one request at a
 * time, from the server's own request log; then votes sent to instance B are timed until their
 * `change` is read on an SSE stream open on instance A (another person's open page).
 */
export async function benchIdeas(ports: IdeasPorts, summary: Summary, options: IdeasOptions) {
  const smtp = await startSmtpCatcher({ port: ports.smtp });
  const geocoder = await startOpenMeteoFake({ port: ports.geocoder });
  const privateDb = await createPrivateDatabase("boundless_bench_ideas");
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  const origin = `http://127.0.0.1:${ports.a}`;
  try {
    for (const port of [ports.a, ports.b]) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-bench-ideas-"));
      dirs.push(dataDir);
      servers.push(
        await startServer(
          {
            PORT: String(port),
            DATA_DIR: dataDir,
            APP_ORIGIN: origin,
            AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
            AUTH_RATE_LIMIT: "100000",
            INVITE_RATE_LIMIT: "1000",
            SMTP_URL: smtp.url,
            OVERPASS_URL: "off",
            ROUTING_URL: "off",
            TRANSIT_URL: "off",
            FX_URL: "off",
            OPEN_METEO_GEOCODING_URL: geocoder.url,
            OPEN_METEO_BASE_URL: geocoder.url,
            LOG_LEVEL: "info",
            DATABASE_URL: privateDb.url,
          },
          { captureOutput: true, timeoutMs: 120_000, via: "npm-start" },
        ),
      );
    }
    const [a, b] = servers as [RunningServer, RunningServer];
    const stamp = Date.now();
    const owner = await signUp(a.url, origin, `ideas-owner-${stamp}@bench.local`);
    const call = async (
      server: RunningServer,
      cookie: string,
      method: string,
      url: string,
      body?: unknown,
    ) => {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: { cookie, origin, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      if (response.status >= 300)
        throw new Error(`${method} ${url} ${response.status}: ${text.slice(0, 200)}`);
      return JSON.parse(text || "null") as unknown;
    };
    const { trip } = (await call(a, owner.cookie, "POST", "/api/trips", {
      destination: "Lisbon, Portugal",
      startDate: "2027-05-01",
      endDate: "2027-05-05",
      budget: 2000,
      interests: ["History"],
    })) as { trip: { id: string; version: number } };
    const base = `/api/trips/${trip.id}`;
    const editors = await inviteMembers({
      url: a.url,
      origin,
      smtp,
      owner,
      tripId: trip.id,
      count: EDITORS,
      stamp,
      role: "editor",
    });
    const voters = [owner.cookie, ...editors.map((m) => m.cookie)];

    const ideaIds: string[] = [];
    await inBatches(
      Array.from({ length: IDEAS }, (_, i) => async () => {
        const { idea } = (await call(a, owner.cookie, "POST", `${base}/ideas`, {
          title: `Idea ${i + 1}`,
          note: i % 3 === 0 ? "Someone said it was good" : undefined,
          place: { name: `Place ${i + 1}`, lat: 38.7 + i / 10_000, lng: -9.14 - i / 10_000 },
        })) as { idea: { id: string } };
        ideaIds[i] = idea.id;
      }),
    );
    // Vote k: idea k mod 300 by voter ⌊k / 300⌋, so no one votes twice on one idea.
    await inBatches(
      Array.from(
        { length: VOTES },
        (_, k) => () =>
          call(
            a,
            voters[Math.floor(k / IDEAS)]!,
            "POST",
            `${base}/ideas/${ideaIds[k % IDEAS]}/vote`,
            {
              vote: k % 4 === 3 ? "down" : "up",
            },
          ),
      ),
    );
    await inBatches(
      Array.from(
        { length: POLLS },
        (_, i) => () =>
          call(a, owner.cookie, "POST", `${base}/polls`, {
            question: `Question ${i + 1}?`,
            options: [{ text: "Yes" }, { text: "No" }, { ideaId: ideaIds[i]! }],
          }),
      ),
    );
    const { lists } = (await call(a, owner.cookie, "GET", `${base}/packing`)) as {
      lists: { id: string }[];
    };
    await inBatches(
      Array.from({ length: ITEMS }, (_, i) => async () => {
        const { item } = (await call(
          a,
          owner.cookie,
          "POST",
          `${base}/packing/lists/${lists[i % lists.length]!.id}/items`,
          {
            name: `Item ${i + 1}`,
            category: ["Clothing", "Toiletries", "Electronics", "Documents", "Gear"][i % 5],
          },
        )) as { item: { id: string } };
        if (i % 2 === 0)
          await call(a, owner.cookie, "POST", `${base}/packing/items/${item.id}/tick`, {
            packed: true,
          });
      }),
    );
    console.log(
      `  trip ${trip.id}: ${IDEAS} ideas, ${VOTES} votes, ${POLLS} polls, ${ITEMS} packing items`,
    );

    const lists3 = [
      {
        suffix: "ideas",
        held: (body: unknown) => (body as { ideas: { votes: object }[] }).ideas.length,
        expect: IDEAS,
      },
      {
        suffix: "polls",
        held: (body: unknown) => (body as { polls: unknown[] }).polls.length,
        expect: POLLS,
      },
      {
        suffix: "packing",
        held: (body: unknown) =>
          (body as { lists: { items: unknown[] }[] }).lists.reduce((n, l) => n + l.items.length, 0),
        expect: ITEMS,
      },
    ];
    for (const list of lists3) {
      const roundTrips: number[] = [];
      for (let i = 0; i < WARM_UP + options.runs; i++) {
        const started = performance.now();
        const body = await call(b, owner.cookie, "GET", `${base}/${list.suffix}`);
        if (i >= WARM_UP) roundTrips.push(performance.now() - started);
        const held = list.held(body);
        if (held !== list.expect)
          throw new Error(`${held} ${list.suffix} listed, not ${list.expect}`);
      }
      const times = serverTimesOf(b.output(), trip.id, list.suffix).slice(-options.runs);
      const med = median(times);
      summary.add({
        part: "ideas",
        name: `GET /api/trips/:id/${list.suffix} server time (${IDEAS} ideas, ${VOTES} votes, ${POLLS} polls, ${ITEMS} items; ${times.length} requests, PostgreSQL, warm)`,
        measured: `median ${med.toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (round trip median ${median(roundTrips).toFixed(1)} ms)`,
        target: `< ${TARGET_LIST_MS} ms (on the median)`,
        pass: med < TARGET_LIST_MS,
      });
    }

    // A vote on B, the change read on A by another editor's open page.
    const watcher = editors[0]!;
    const stream = await openLiveStream(`${a.url}${base}/events`, watcher.cookie);
    try {
      let { trip: now } = (await call(a, owner.cookie, "GET", base)) as {
        trip: { version: number };
      };
      let version = now.version;
      const afterAnswer: number[] = [];
      const afterSent: number[] = [];
      let missing = 0;
      for (let k = 0; k < options.votes + 2; k++) {
        const sent = performance.now();
        // The owner turns their vote on one idea up, down and back: each a new version.
        await call(b, owner.cookie, "POST", `${base}/ideas/${ideaIds[k % IDEAS]}/vote`, {
          vote: ["down", "up", null][k % 3],
        });
        const answered = performance.now();
        version += 1;
        const deadline = performance.now() + CHANGE_DEADLINE_MS;
        while (!stream.changes.has(version) && performance.now() < deadline) await sleep(1);
        const read = stream.changes.get(version);
        if (k < 2) continue; // warm-up
        if (read === undefined) missing++;
        else {
          afterAnswer.push(read - answered);
          afterSent.push(read - sent);
        }
        await sleep(PAUSE_BETWEEN_VOTES_MS);
      }
      ({ trip: now } = (await call(a, owner.cookie, "GET", base)) as { trip: { version: number } });
      if (now.version !== version)
        throw new Error(`trip at version ${now.version}, not ${version}: another change came in`);
      const p99 = percentile(afterSent, 99);
      summary.add({
        part: "ideas",
        name: `a vote on instance B read as a change on instance A's open stream, from the vote sent: p99 (${afterSent.length} votes)`,
        measured: `p99 ${p99.toFixed(1)} ms, p50 ${percentile(afterSent, 50).toFixed(1)} ms (after the vote's 200: p99 ${percentile(afterAnswer, 99).toFixed(1)} ms); ${missing} missing`,
        target: `< ${TARGET_VOTE_MS} ms`,
        pass: p99 < TARGET_VOTE_MS && missing === 0,
      });
    } finally {
      stream.close();
    }
  } finally {
    for (const server of servers) await server.stop();
    await smtp.close();
    await geocoder.close();
    await privateDb.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
