import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";

export type ServerSettings = Record<string, string>;

export type RunningServer = {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 of /api/health (with `npm-start`, bundling included). */
  readyMs: number;
  rssMb: () => number;
  stop: () => Promise<void>;
  kill9: () => Promise<void>;
  /** Everything the server wrote to stdout and stderr (pino logs included). */
  output: () => string;
  /** Null while running; the exit code or signal once the process is gone. */
  exit: () => string | null;
};

const HEALTH_POLL_MS = 15;

/** Resident memory of a process, from /proc (Linux). */
export function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kbLine = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  if (!kbLine) throw new Error(`no VmRSS for ${pid}`);
  return Number(kbLine[1]) / 1024;
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });
}

/** True when something already accepts connections on 127.0.0.1:port (another run, another checkout). */
export function portInUse(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * How the server process is started. `npm-start`: `node scripts/start.mjs`, exactly what `npm start`
 * runs (esbuild bundles the server, then the bundle serves; decision 006), so start-up and memory are
 * the product's; the bench uses it. `tsx`: `node --import tsx src/server/index.ts`, the sources as
 * tests run them, without the web build check of scripts/start.ts (a test must not build the web app).
 */
export type StartVia = "npm-start" | "tsx";

const ENTRY: Record<StartVia, string[]> = {
  "npm-start": ["scripts/start.mjs"],
  tsx: ["--import", "tsx", "src/server/index.ts"],
};

/**
 * Starts the server (see StartVia; `tsx` unless told) on 127.0.0.1 and waits, polling with a
 * deadline, for the first 200 from /api/health.
 */
export async function startServer(
  settings: ServerSettings & { PORT: string },
  options: {
    timeoutMs?: number;
    captureOutput?: boolean;
    nodeArgs?: string[];
    via?: StartVia;
  } = {},
): Promise<RunningServer> {
  const url = `http://127.0.0.1:${settings.PORT}`;
  // Otherwise the health poll below could succeed against someone else's server.
  if (await portInUse(Number(settings.PORT)))
    throw new Error(`port ${settings.PORT} is already in use on 127.0.0.1`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), ...ENTRY[options.via ?? "tsx"]],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        ...settings,
      },
      stdio: ["ignore", options.captureOutput ? "pipe" : "ignore", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const deadline = started + (options.timeoutMs ?? 60_000);
  let readyMs = -1;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) {
        readyMs = performance.now() - started;
        break;
      }
      await response.arrayBuffer();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, HEALTH_POLL_MS));
  }
  if (readyMs < 0) {
    child.kill("SIGKILL");
    throw new Error(`server not healthy within the deadline:\n${output}`);
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    readyMs,
    rssMb: () => rssMbOf(pid),
    output: () => output,
    exit: () =>
      child.exitCode !== null
        ? `exit code ${child.exitCode}`
        : child.signalCode !== null
          ? `signal ${child.signalCode}`
          : null,
    stop: async () => {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 12_000);
      await exited(child);
      clearTimeout(timer);
    },
    kill9: async () => {
      child.kill("SIGKILL");
      await exited(child);
    },
  };
}

/** A bare node:http JSON hello-world in its own process: the ceiling this machine allows right now. */
export async function startBareServer(port: number) {
  const code = `require("node:http").createServer((req, res) => {
    const body = JSON.stringify({ hello: "world" });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  }).listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (c) => reject(new Error(`bare server exited ${c}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    stop: async () => {
      child.kill("SIGTERM");
      await exited(child);
    },
  };
}
