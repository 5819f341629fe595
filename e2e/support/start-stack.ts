import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { answerItineraryPrompt } from "../../tests/fakes/itinerary-model.ts";
import { startOpenAIFake } from "../../tests/fakes/openai-fake.ts";
import { stackPorts } from "./stack-ports.ts";

// Started by Playwright's webServer: a fresh data dir, the production build, and `npm start`'s entry.
const ports = stackPorts();
const port = ports.app;
// The itinerary model: answers any plan it is asked for; specs script faults through /__fake/enqueue.
const aiFake = await startOpenAIFake(
  { apiKey: "e2e-key", respond: answerItineraryPrompt },
  ports.ai,
);
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
    AI_BASE_URL: aiFake.url,
    AI_API_KEY: "e2e-key",
    AI_MODEL: "fake-model",
  },
});

const stop = () => {
  void aiFake.close();
  server.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
