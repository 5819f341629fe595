import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "#tests/support/server-process.ts";

// The running server writes its log asynchronously (createServerLogger): nothing may be lost, not
// even the last line it writes before it exits.
describe("the server's log", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-log-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("has every request's line and, after SIGTERM, the line written just before exit", async () => {
    const port = 5200 + Math.floor(Math.random() * 50);
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: "info",
        OVERPASS_URL: "off",
        AUTH_SECRET: "log-test-secret-log-test-secret-0123",
        APP_ORIGIN: `http://127.0.0.1:${port}`,
      },
      { captureOutput: true, timeoutMs: 150_000 },
    );
    for (let i = 0; i < 20; i++) expect((await fetch(`${server.url}/api/trips`)).status).toBe(401);
    await server.stop();
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number });
    const refused = lines.filter((l) => l.msg === "request" && l.path === "/api/trips");
    expect(refused).toHaveLength(20);
    expect(refused.every((l) => l.status === 401)).toBe(true);
    expect(lines.at(-1)?.msg).toBe("stopped");
  }, 180_000);
});
