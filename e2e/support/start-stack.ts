import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startOpenAIFake } from "../../tests/fakes/openai-fake.ts";
import { startOpenMeteoFake } from "../../tests/fakes/open-meteo-fake.ts";
import { stackPorts } from "./stack-ports.ts";

// Started by Playwright's webServer: a fresh data dir, the production build, and `npm start`'s entry.
const ports = stackPorts();
const port = ports.app;
// Chat: keyless Open-Meteo and an OpenAI-compatible model, both loopback fakes.
const weatherFake = await startOpenMeteoFake({ port: ports.weather });
const aiFake = await startOpenAIFake({}, ports.ai);
const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-e2e-"));

const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    APP_ORIGIN: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    OPEN_METEO_BASE_URL: weatherFake.url,
    OPEN_METEO_GEOCODING_URL: weatherFake.url,
    AI_BASE_URL: aiFake.url,
    AI_API_KEY: "sk-e2e",
    AI_MODEL: "fake-model",
  },
});

const stop = () => {
  server.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  void weatherFake.close();
  void aiFake.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
