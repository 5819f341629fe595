import { startMotisFake } from "../../tests/fakes/motis-fake.ts";
import { startOsrmFake } from "../../tests/fakes/osrm-fake.ts";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { answerItineraryPrompt } from "../../tests/fakes/itinerary-model.ts";
import { startFrankfurterFake } from "../../tests/fakes/frankfurter-fake.ts";
import { startOpenMeteoFake } from "../../tests/fakes/open-meteo-fake.ts";
import { startOpenAIFake } from "../../tests/fakes/openai-fake.ts";
import { startNominatimFake } from "../../tests/fakes/nominatim-fake.ts";
import { startOverpassFake, type OverpassFailure } from "../../tests/fakes/overpass-fake.ts";
import { OVERPASS_DATASET } from "../../tests/fakes/overpass-places.ts";
import { WHOLE_TRIP_ELEMENTS } from "../../tests/fakes/whole-trip-places.ts";
import { answerTripChat, isTripChatRequest } from "../../tests/fakes/trip-chat-model.ts";
import { startSmtpCatcher } from "../../tests/fakes/smtp-catcher.ts";
import { startTileServerFake } from "../../tests/fakes/tile-server-fake.ts";
import { stackPorts } from "./stack-ports.ts";

// Started by Playwright's webServer: a fresh data dir, the production build, and `npm start`'s entry.
const ports = stackPorts();
const port = ports.app;
// One OpenAI-compatible model for planning and chat: it answers any plan it is asked for and echoes
// chat messages; specs script faults and replies through /__fake/enqueue.
const aiFake = await startOpenAIFake(
  {
    apiKey: "e2e-key",
    // Chats about an open trip get the trip assistant ("move <activity> to <date>" → a proposal).
    respond: (body) =>
      isTripChatRequest(body) ? answerTripChat(body) : answerItineraryPrompt(body),
  },
  ports.ai,
);
// Chat weather: keyless Open-Meteo, as a loopback fake.
const weatherFake = await startOpenMeteoFake({ port: ports.weather });
// The trip map's tiles: small PNGs from a loopback tile server (specs can make it fail).
const tiles = await startTileServerFake({ port: ports.tiles });
// Real places on, from a loopback Overpass: OpenStreetMap-like places around Paris and Lisbon.
const overpass = await startOverpassFake();
// Specs in the browser process script its faults here: POST /__fake/failure {kind, times?} makes the
// next requests fail as the public instance does (kind null: none), POST /__fake/reset.
const FAILURES: readonly OverpassFailure[] = [
  "remark",
  "busy",
  "gateway-timeout",
  "hang",
  "bad-body",
];
const overpassControl = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "POST" && url.pathname === "/__fake/failure") {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as {
        kind?: unknown;
        times?: unknown;
      };
      const kind = FAILURES.find((f) => f === body.kind) ?? null;
      overpass.setFailure(kind, typeof body.times === "number" ? body.times : undefined);
      res.writeHead(204).end();
    } else if (req.method === "POST" && url.pathname === "/__fake/reset") {
      overpass.reset();
      res.writeHead(204).end();
    } else if (url.pathname === "/__fake/requests") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ count: overpass.requests.length }));
    } else res.writeHead(404).end();
  });
});
// The whole-trip app's own map: the same places plus the whole trip's lodging, cafés and
// restaurants with cuisines in Paris and Lyon (issue 47), so e2e/whole-trip.spec.ts plans a real
// whole trip; the other apps' specs keep the map they were written against (no lodging).
const wholeTripOverpass = await startOverpassFake({
  dataset: [...OVERPASS_DATASET, ...WHOLE_TRIP_ELEMENTS],
});
await new Promise<void>((resolve) => overpassControl.listen(ports.overpass, "127.0.0.1", resolve));
const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-e2e-"));
// Activity lookups (GEOCODER_URL): a loopback Nominatim, one lookup a second as in production; the
// placing spec holds its answers (POST /__fake/hold, /__fake/release) to see a trip before its pins.
const geocoder = await startNominatimFake({ port: ports.geocoder, control: true });
// Exchange rates: a loopback Frankfurter (EUR 0.9, JPY 150, ... per USD), never the public API.
const fx = await startFrankfurterFake({ port: ports.fx });
// Street and transit routing for the keyless app: never the public FOSSGIS or Transitous servers.
const osrm = await startOsrmFake({ port: ports.osrm });
const motis = await startMotisFake({ port: ports.motis });

// Accounts: real SMTP into a catcher; specs read their mail at http://127.0.0.1:<mailbox>/messages?to=
const smtp = await startSmtpCatcher({ port: ports.smtp, http: { port: ports.mailbox } });

/** `npm start`'s entry on `appPort` with its own data dir, wired to the shared loopback fakes. */
function startApp(appPort: number, appDataDir: string, settings: Record<string, string>) {
  return spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(appPort),
      APP_ORIGIN: `http://localhost:${appPort}`,
      DATA_DIR: appDataDir,
      LOG_LEVEL: "warn",
      SMTP_URL: smtp.url,
      // Every spec signs people up from one address; the limit itself is proven by the API tests.
      AUTH_RATE_LIMIT: "1000",
      // Every spec plans trips from 127.0.0.1 too: the per-address limit (60 an hour) is the API tests'.
      GENERATION_IP_RATE_LIMIT: "1000",
      // Test client ids: the buttons are on and lead to the real authorize URLs, which specs intercept.
      GOOGLE_CLIENT_ID: "e2e-google-client-id",
      GOOGLE_CLIENT_SECRET: "e2e-google-client-secret",
      GITHUB_CLIENT_ID: "e2e-github-client-id",
      GITHUB_CLIENT_SECRET: "e2e-github-client-secret",
      // Travel times (issue 46): off on the main app, whose specs read the straight-line notes; the
      // keyless app routes on the loopback OSRM and MOTIS fakes (e2e/travel-times.spec.ts).
      ROUTING_URL: "off",
      TRANSIT_URL: "off",
      OPEN_METEO_BASE_URL: weatherFake.url,
      OPEN_METEO_GEOCODING_URL: weatherFake.url,
      MAP_TILE_URL: tiles.tileUrl,
      MAP_ATTRIBUTION: "© OpenStreetMap contributors (test tiles)",
      // Real places on, never the public instance: the loopback fake (specs can make it fail).
      OVERPASS_URL: overpass.url,
      FX_URL: fx.url,
      GEOCODER_URL: geocoder.url,
      ...settings,
    },
  });
}

const server = startApp(port, dataDir, {
  AI_BASE_URL: aiFake.url,
  AI_API_KEY: "e2e-key",
  AI_MODEL: "fake-model",
});
// The same product with no AI provider, as a user runs it without a key: the keyless planner plans
// and regenerates (e2e/keyless-regenerate.spec.ts). Empty AI_* are "not set" (env.ts).
const keylessDataDir = mkdtempSync(path.join(tmpdir(), "boundless-e2e-keyless-"));
const keyless = startApp(ports.keyless, keylessDataDir, {
  ROUTING_URL: osrm.url,
  TRANSIT_URL: motis.url,
  ROUTING_PACE: "none",
  AI_BASE_URL: "",
  AI_API_KEY: "",
  AI_MODEL: "",
});
// The keyless product again, on the whole trip's map (e2e/whole-trip.spec.ts).
const wholeTripDataDir = mkdtempSync(path.join(tmpdir(), "boundless-e2e-whole-trip-"));
const wholeTrip = startApp(ports.wholeTrip, wholeTripDataDir, {
  ROUTING_URL: osrm.url,
  TRANSIT_URL: motis.url,
  ROUTING_PACE: "none",
  AI_BASE_URL: "",
  AI_API_KEY: "",
  AI_MODEL: "",
  OVERPASS_URL: wholeTripOverpass.url,
});

const stop = () => {
  server.kill("SIGTERM");
  keyless.kill("SIGTERM");
  wholeTrip.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
const keylessExited = new Promise<void>((resolve) => {
  keyless.once("exit", () => {
    rmSync(keylessDataDir, { recursive: true, force: true });
    resolve();
  });
});
const wholeTripExited = new Promise<void>((resolve) => {
  wholeTrip.once("exit", () => {
    rmSync(wholeTripDataDir, { recursive: true, force: true });
    resolve();
  });
});
server.on("exit", (code) => {
  keyless.kill("SIGTERM");
  wholeTrip.kill("SIGTERM");
  void Promise.all([keylessExited, wholeTripExited]).then(() => {
    void weatherFake.close();
    void aiFake.close();
    rmSync(dataDir, { recursive: true, force: true });
    void smtp.close();
    void tiles.close();
    void overpass.close();
    void wholeTripOverpass.close();
    void fx.close();
    void geocoder.close();
    overpassControl.close();
    process.exit(code ?? 0);
  });
});
