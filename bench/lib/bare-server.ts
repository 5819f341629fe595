import { spawn } from "node:child_process";

export type BareServer = { url: string; pid: number; stop: () => Promise<void> };

/**
 * The bare baseline (bench/bare-server.mjs) in its own process: node:http and the database driver
 * doing exactly the product's GET /api/trips work, nothing else. PGlite needs its own copy of the
 * data directory, since one process at a time may open one.
 */
export async function startBareDbServer(options: {
  port: number;
  secret: string;
  cookieName: string;
  databaseUrl?: string;
  pgliteDir?: string;
  /** The Frankfurter the product asks (the bench's loopback fake): rates on GET /api/trips/:id. */
  fxUrl?: string;
  /** Node's own flags, e.g. `--cpu-prof` to profile the baseline beside the product. */
  nodeArgs?: string[];
}): Promise<BareServer> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "bench/bare-server.mjs"], {
    env: {
      PATH: process.env.PATH ?? "",
      BARE_PORT: String(options.port),
      BARE_SECRET: options.secret,
      BARE_COOKIE: options.cookieName,
      ...(options.databaseUrl ? { BARE_DATABASE_URL: options.databaseUrl } : {}),
      ...(options.pgliteDir ? { BARE_PGLITE_DIR: options.pgliteDir } : {}),
      ...(options.fxUrl ? { BARE_FX_URL: options.fxUrl } : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (c) => reject(new Error(`bare server exited ${c}`)));
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      await gone;
    },
  };
}
