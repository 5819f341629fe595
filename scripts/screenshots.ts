import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { startOpenMeteoFake } from "../tests/fakes/open-meteo-fake.ts";
import { startOverpassFake } from "../tests/fakes/overpass-fake.ts";
import { startTileServerFake } from "../tests/fakes/tile-server-fake.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";

/**
 * The screenshots of a trip page (README, docs/guide.md): the production build (run `npm run build` first) with no
 * AI key, real places from the loopback Overpass fake, weather and tiles from loopback fakes, so
 * nothing leaves the machine. The owner, Ana, has invited Ben, who accepted, renamed the trip and
 * has it open: the page shows its people ("Invite people", "Here now") and its history as Ana sees
 * them. Writes docs/screenshots/trip-desktop.png (1280 wide) and trip-phone.png (390 wide), each the
 * whole page. `SCREENSHOT_PORT` (default 4470) is the app's port.
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
    // No public router is asked from here (issue 46).
    ROUTING_URL: "off",
    TRANSIT_URL: "off",
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

const post = async (page: Page, url: string, data: object) => {
  const res = await page.request.post(url, { data, headers: { Origin: origin } });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return res;
};

/** The newest link mailed to `to`, from the dev outbox (this script runs on the loopback address). */
async function mailedLink(page: Page, to: string, subject: RegExp) {
  const res = await page.request.get("/api/dev/outbox");
  const { messages } = (await res.json()) as {
    messages: { to: string; subject: string; text: string }[];
  };
  const mail = messages.findLast((m) => m.to === to && subject.test(m.subject));
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail to ${to} matching ${subject}`);
  return link;
}

/**
 * Ben joins as an editor (invited by e-mail, signed up, verified, accepted), renames the trip and
 * keeps it open in his own browser, so Ana's page shows him under "Here now".
 */
async function companionJoins(browser: Browser, owner: Page, tripId: string) {
  const email = `ben-${Date.now()}@example.com`;
  await post(owner, `/api/trips/${tripId}/invites`, { email, role: "editor" });
  const invite = await mailedLink(owner, email, /invites you/);
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: "block" });
  const ben = await context.newPage();
  await post(ben, "/api/auth/sign-up/email", {
    email,
    password: "correct horse battery",
    name: "Ben Ortiz",
  });
  const verified = await ben.request.get(await mailedLink(owner, email, /verify|confirm/i));
  if (!verified.ok()) throw new Error(`verify: ${verified.status()}`);
  await post(ben, `/api/invites/${new URL(invite).pathname.split("/").at(-1)}/accept`, {});
  const current = await ben.request.get(`/api/trips/${tripId}`);
  const { trip } = (await current.json()) as { trip: { version: number } };
  const renamed = await ben.request.patch(`/api/trips/${tripId}`, {
    data: { version: trip.version, name: "New Year in Paris" },
    headers: { Origin: origin },
  });
  if (!renamed.ok()) throw new Error(`rename: ${renamed.status()} ${await renamed.text()}`);
  await ben.goto(`/trips/${tripId}`);
  await ben.getByRole("heading", { level: 1 }).waitFor();
  return context;
}

async function shoot(page: Page, tripId: string, file: string, { history = false } = {}) {
  await page.goto(`/trips/${tripId}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.getByRole("region", { name: "Here now" }).waitFor();
  if (history) {
    await page.getByText("History", { exact: true }).click();
    await page
      .getByRole("list", { name: "Changes, newest first" })
      .getByRole("listitem")
      .first()
      .waitFor();
  }
  await page.waitForLoadState("networkidle");
  // As the page opens (opening History scrolled to it): the sticky map sits beside the first stop.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(outDir, file), fullPage: true });
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
    const ben: BrowserContext = await companionJoins(browser, page, tripId);
    await shoot(page, tripId, "trip-desktop.png", { history: true });
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
    await ben.close();
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
