import os from "node:os";
import { parseArgs } from "node:util";
import { benchApi, reportApi } from "./api.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { ensurePgliteTemplate } from "../src/server/db/pglite-template.ts";
import { benchFirstViewFetches } from "./first-view-fetches.ts";
import { benchFirstRun } from "./first-run.ts";
import { benchFrontEnd } from "./frontend.ts";
import { benchGeneration } from "./generation.ts";
import { benchImports } from "./imports.ts";
import { benchLighthouse } from "./lighthouse.ts";
import { benchLive } from "./live.ts";
import { benchIdeas } from "./ideas.ts";
import { benchPacking } from "./packing.ts";
import { benchPatch } from "./patch.ts";
import { benchPlaces } from "./places.ts";
import { benchStops } from "./stops.ts";
import { benchRouting } from "./routing.ts";
import { benchWholeTrip } from "./whole-trip.ts";
import { describeMachine } from "./lib/machine.ts";
import { Summary } from "./lib/summary.ts";

/**
 * `npm run bench`: every figure and ratio measured in this one run, against baselines measured in the
 * same run (a bare node:http server, a single-call model baseline), with a summary table at the end.
 * All traffic goes to 127.0.0.1 (ports 4810–4839) and every loop is bounded by a count or a duration.
 *
 *   npm run bench                         everything
 *   npm run bench -- --only api,frontend  some parts: firstrun, startup+api, frontend, lighthouse, generation, patch, places, stops, routing, whole-trip, live, imports, packing, ideas
 *   --fresh-install                       the first-run part also measures `npm ci` with an empty npm cache (minutes)
 *   --firstrun-runs N                     first-run repetitions (1), each judged: the worst run counts
 *   npm run bench -- --check              only the first-view budgets (before the first paint, until idle); exit 1 when over
 *                                         either (--strict-idle, once needed for the second, is now the default)
 *   --port-base P (4810: uses P…P+29)  --places-runs N (warm keyless plans, 10)  --stops-runs N (warm 3-stop plans, 10)  --routing-runs N (warm 7-day plans with routing on and off, 10)  --whole-trip-runs N (warm whole trips, 10)  --patch-runs N (PATCHes measured per database, 300)  --db pglite,postgres (API databases)  --runs N (API repetitions, 3)  --seconds S (per autocannon run, 10)  --lh-runs N (1)
 *   --fx on|off (on: the API part's server asks a loopback Frankfurter fake for rates, as in production)
 *   --live-runs N (3)  --live-patches N (PATCHes timed per run, 20)  --live-streams N (per instance, 250)
 *   --imports-runs N (imports of each hostile booking file, and previews of each saved-places file, while /api/health is timed, 3)
 *   --packing-runs N (GETs of a 500-item trip's packing lists timed, 100)
 *   --ideas-runs N (GETs of each list of a 300-idea trip timed, 100)  --ideas-votes N (votes timed B → A, 50)
 */
const { values } = parseArgs({
  options: {
    only: { type: "string" },
    check: { type: "boolean", default: false },
    "strict-idle": { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    "lh-runs": { type: "string", default: "1" },
    "gen-runs": { type: "string", default: "3" },
    "patch-runs": { type: "string", default: "300" },
    "places-runs": { type: "string", default: "10" },
    "stops-runs": { type: "string", default: "10" },
    "routing-runs": { type: "string", default: "10" },
    "whole-trip-runs": { type: "string", default: "10" },
    "live-runs": { type: "string", default: "3" },
    "live-patches": { type: "string", default: "20" },
    "live-streams": { type: "string", default: "250" },
    "imports-runs": { type: "string", default: "3" },
    "packing-runs": { type: "string", default: "100" },
    "ideas-runs": { type: "string", default: "100" },
    "ideas-votes": { type: "string", default: "50" },
    db: { type: "string", default: "pglite,postgres" },
    "port-base": { type: "string", default: "4810" },
    "fresh-install": { type: "boolean", default: false },
    "firstrun-runs": { type: "string", default: "1" },
    fx: { type: "string", default: "on" },
  },
});

// Another checkout running the bench at the same time needs another --port-base.
const base = Number(values["port-base"]);
const PORTS = {
  pglite: base,
  bare: base + 1,
  postgres: base + 2,
  liveA: base + 3,
  liveB: base + 4,
  liveSmtp: base + 5,
  liveGeocoder: base + 6,
  liveInspectA: base + 7,
  liveInspectB: base + 8,
  lighthouse: base + 10,
  fetches: base + 11,
  firstRun: base + 12,
  generation: base + 20,
  patchPglite: base + 25,
  patchPostgres: base + 26,
  places: base + 27,
  stops: base + 28,
  routingOff: base + 22,
  routingOn: base + 23,
  wholeTrip: base + 21,
  fx: base + 29,
  packing: base + 9,
  ideasA: base + 16,
  ideasB: base + 17,
  ideasSmtp: base + 18,
  ideasGeocoder: base + 19,
  imports: base + 13,
  importsAi: base + 14,
  importsSmtp: base + 15,
};
const parts = new Set(
  (
    values.only ??
    "firstrun,api,frontend,lighthouse,generation,patch,places,stops,routing,whole-trip,live,imports,packing,ideas"
  )
    .split(",")
    .map((p) => p.trim()),
);

const firstLine = (error: unknown) => String(error).split("\n")[0]!.slice(0, 120);

const summary = new Summary();
// The production build of this checkout: rebuilt when web sources changed since the last build.
buildIfNeeded();
// As `npm start` does: the embedded database's template, made once per install (its initdb peak is
// that child's, not the measured server's).
ensurePgliteTemplate();

if (values.check) {
  // Both budgets: the first paint's files (the build's chunk graph) and what Chromium fetches for
  // `/` until the network is idle (against `npm start`).
  const firstPaint = benchFrontEnd(summary);
  const untilIdle = await benchFirstViewFetches(PORTS.fetches, summary).catch((error: unknown) => {
    console.error(error);
    summary.add({
      part: "front end",
      name: "fetches until network idle measured",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
    return { withinBudget: false };
  });
  summary.print();
  // Both budgets gate the run: the first paint's and what a first visit fetches until idle (issue 31
  // item 15). `--strict-idle`, which used to add the second, is still accepted and changes nothing.
  process.exit(firstPaint.withinBudget && untilIdle.withinBudget ? 0 : 1);
}

console.log(
  `Boundless bench — ${new Date().toISOString()} — node ${process.version}, ${os.cpus().length} CPUs ` +
    `(${os.cpus()[0]?.model ?? "?"}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; ${await describeMachine()}`,
);

if (parts.has("firstrun")) {
  console.log(
    "\n[first run] install, build, first start: memory of each step's whole process tree (< 500 MB)",
  );
  try {
    await benchFirstRun(
      PORTS.firstRun,
      summary,
      values["fresh-install"],
      Number(values["firstrun-runs"]),
    );
  } catch (error) {
    console.error(error);
    summary.add({
      part: "first run",
      name: "benchmark ran",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

if (parts.has("frontend")) {
  console.log("\n[front end] first-view bytes");
  benchFrontEnd(summary);
  try {
    await benchFirstViewFetches(PORTS.fetches, summary);
  } catch (error) {
    console.error(error);
    summary.add({
      part: "front end",
      name: "fetches until network idle measured",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

if (parts.has("api")) {
  const options = {
    runs: Number(values.runs),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    restarts: 3,
    // Rates on, as in production (the loopback Frankfurter fake); --fx off measures without them.
    fxPort: values.fx === "off" ? undefined : PORTS.fx,
  };
  const kinds = (["pglite", "postgres"] as const).filter((k) => values.db.split(",").includes(k));
  for (const kind of kinds) {
    console.log(`\n[start-up, memory, API] ${kind}`);
    try {
      const result = await benchApi(kind, PORTS[kind], PORTS.bare, options);
      reportApi(result, summary);
    } catch (error) {
      console.error(error);
      summary.add({
        part: `API ${kind}`,
        name: "benchmark ran",
        measured: firstLine(error),
        target: "runs",
        pass: false,
      });
    }
  }
}

if (parts.has("generation")) {
  console.log("\n[generation] 7-day trip through POST /api/trips vs one single call");
  try {
    await benchGeneration(PORTS.generation, summary, Number(values["gen-runs"]));
  } catch (error) {
    console.error(error);
    summary.add({
      part: "generation",
      name: "benchmark ran",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

if (parts.has("patch")) {
  console.log("\n[patch] editing a 14-day trip through PATCH /api/trips/:id");
  const kinds = (["pglite", "postgres"] as const).filter((k) => values.db.split(",").includes(k));
  for (const kind of kinds) {
    try {
      const port = kind === "pglite" ? PORTS.patchPglite : PORTS.patchPostgres;
      await benchPatch(kind, port, summary, Number(values["patch-runs"]));
    } catch (error) {
      console.error(error);
      summary.add({
        part: `PATCH ${kind}`,
        name: "benchmark ran",
        measured: firstLine(error),
        target: "runs",
        pass: false,
      });
    }
  }
}

if (parts.has("packing")) {
  console.log("\n[packing] a trip's 500 packing items through GET /api/trips/:id/packing");
  try {
    await benchPacking(PORTS.packing, summary, Number(values["packing-runs"]));
  } catch (error) {
    console.error(error);
    summary.add({
      part: "packing",
      name: "benchmark ran",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

if (parts.has("ideas")) {
  console.log(
    "\n[ideas] 300 ideas, 2,000 votes, 500 packing items: the lists, and a vote B → A live",
  );
  try {
    await benchIdeas(
      { a: PORTS.ideasA, b: PORTS.ideasB, smtp: PORTS.ideasSmtp, geocoder: PORTS.ideasGeocoder },
      summary,
      { runs: Number(values["ideas-runs"]), votes: Number(values["ideas-votes"]) },
    );
  } catch (error) {
    console.error(error);
    summary.add({
      part: "ideas",
      name: "benchmark ran",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

if (parts.has("places")) {
  console.log("\n[places] keyless 7-day plan from real places (Overpass and geocoding fakes)");
  try {
    await benchPlaces(PORTS.places, summary, Number(values["places-runs"]));
  } catch (error) {
    console.error(error);
    summary.add({
      part: "places",
      name: "benchmark ran",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

if (parts.has("stops")) {
  console.log(
    "\n[stops] keyless 3-stop, 9-day plan from real places (Overpass and geocoding fakes)",
  );
  try {
    await benchStops(PORTS.stops, summary, Number(values["stops-runs"]));
  } catch (error) {
    console.error(error);
    summary.add({
      part: "stops",
      name: "benchmark ran",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

if (parts.has("routing")) {
  console.log(
    "\n[routing] keyless 7-day Paris plan, routing on against off (OSRM and MOTIS fakes answering after 150 ms)",
  );
  try {
    await benchRouting(
      { off: PORTS.routingOff, on: PORTS.routingOn },
      summary,
      Number(values["routing-runs"]),
    );
  } catch (error) {
    console.error(error);
    summary.add({
      part: "routing",
      name: "benchmark ran",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

if (parts.has("whole-trip")) {
  console.log(
    "\n[whole-trip] keyless whole trip: four from an origin over two stops (Overpass and geocoding fakes)",
  );
  try {
    await benchWholeTrip(PORTS.wholeTrip, summary, Number(values["whole-trip-runs"]));
  } catch (error) {
    console.error(error);
    summary.add({
      part: "whole-trip",
      name: "benchmark ran",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

if (parts.has("live")) {
  console.log(
    "\n[live] two instances on PostgreSQL, streams of GET /api/trips/:id/events, PATCH → change",
  );
  try {
    await benchLive(
      {
        a: PORTS.liveA,
        b: PORTS.liveB,
        smtp: PORTS.liveSmtp,
        geocoder: PORTS.liveGeocoder,
        inspectA: PORTS.liveInspectA,
        inspectB: PORTS.liveInspectB,
      },
      summary,
      {
        runs: Number(values["live-runs"]),
        patches: Number(values["live-patches"]),
        streamsPerInstance: Number(values["live-streams"]),
        seconds: Number(values.seconds),
        connections: Number(values.connections),
      },
    );
  } catch (error) {
    console.error(error);
    summary.add({
      part: "live",
      name: "benchmark ran",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

if (parts.has("imports")) {
  console.log(
    "\n[imports] /api/health while each hostile booking file of security review three is imported, and saved places are previewed (< 2 s)",
  );
  try {
    await benchImports(
      { server: PORTS.imports, ai: PORTS.importsAi, smtp: PORTS.importsSmtp },
      summary,
      Number(values["imports-runs"]),
    );
  } catch (error) {
    console.error(error);
    summary.add({
      part: "imports",
      name: "benchmark ran",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

if (parts.has("lighthouse")) {
  console.log("\n[lighthouse] production build, Debian Chromium");
  try {
    await benchLighthouse(PORTS.lighthouse, summary, Number(values["lh-runs"]));
  } catch (error) {
    console.error(error);
    summary.add({
      part: "lighthouse",
      name: "benchmark ran",
      measured: firstLine(error),
      target: "runs",
      pass: false,
    });
  }
}

summary.print();
