import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { startOpenMeteoFake } from "../tests/fakes/open-meteo-fake.ts";
import { startOverpassFake } from "../tests/fakes/overpass-fake.ts";
import { startTileServerFake } from "../tests/fakes/tile-server-fake.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";

/**
 * The README's screenshots of a trip page: the production build (run `npm run build` first) with no
 * AI key, real places from the loopback Overpass fake, weather and tiles from loopback fakes, so
 * nothing leaves the machine. Writes docs/screenshots/trip-desktop.png (1280×800) and
 * trip-phone.png (390×844). `SCREENSHOT_PORT` (default 4470) is the app's port.
 */
const port = Number(process.env.SCREENSHOT_PORT ?? 4470);
const origin = `http://localhost:${port}`;
const outDir = path.resolve("docs/screenshots");

const weather = await startOpenMeteoFake();
const tiles = await startTileServerFake();
const overpass = await startOverpassFake();
const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-shots-"));
const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    APP_ORIGIN: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    AI_API_KEY: "",
    OPEN_METEO_BASE_URL: weather.url,
    OPEN_METEO_GEOCODING_URL: weather.url,
    MAP_TILE_URL: tiles.tileUrl,
    MAP_ATTRIBUTION: "© OpenStreetMap contributors (test tiles)",
    OVERPASS_URL: overpass.url,
  },
});

async function waitForHealth() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer on ${origin}`);
}

/** A trip starting about a month from today, so the forecast and the dates look current. */
function tripDates() {
  const start = new Date(Date.now() + 30 * 86_400_000);
  const end = new Date(start.getTime() + 2 * 86_400_000);
  return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
}

async function planTrip(page: Page) {
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: {
      email: `shots-${Date.now()}@example.com`,
      password: "correct horse battery",
      name: "Ana",
    },
    headers: { Origin: origin },
  });
  if (!signUp.ok()) throw new Error(`sign-up: ${signUp.status()} ${await signUp.text()}`);
  const created = await page.request.post("/api/trips", {
    data: {
      destination: "Paris",
      ...tripDates(),
      budget: 1200,
      travelStyle: "comfort",
      interests: ["History", "Food & Dining"],
    },
    headers: { Origin: origin, Accept: "application/json" },
  });
  if (created.status() !== 201)
    throw new Error(`plan: ${created.status()} ${await created.text()}`);
  return ((await created.json()) as { trip: { id: string } }).trip.id;
}

async function shoot(page: Page, tripId: string, file: string) {
  await page.goto(`/trips/${tripId}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: path.join(outDir, file) });
}

try {
  await waitForHealth();
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const desktop = await browser.newContext({
      baseURL: origin,
      viewport: { width: 1280, height: 800 },
      serviceWorkers: "block",
    });
    const page = await desktop.newPage();
    const tripId = await planTrip(page);
    await shoot(page, tripId, "trip-desktop.png");
    // The same account on a phone: the session cookie travels with the context's state.
    const phone = await browser.newContext({
      baseURL: origin,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "block",
      storageState: await desktop.storageState(),
    });
    await shoot(await phone.newPage(), tripId, "trip-phone.png");
  } finally {
    await browser.close();
  }
  console.log(`wrote ${outDir}/trip-desktop.png and trip-phone.png`);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await Promise.all([weather.close(), tiles.close(), overpass.close()]);
  rmSync(dataDir, { recursive: true, force: true });
}
