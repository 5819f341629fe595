import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/** Admin URL of the shared PostgreSQL; the bench only creates and drops its own databases there. */
export const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(query: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A private, empty database on the shared server, dropped by `drop()` (the app migrates it on start). */
export async function createPrivateDatabase(prefix = "boundless_bench") {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

const PG_BIN = "/usr/lib/postgresql/15/bin";

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb and postgres refuse root). */
function asPostgres(binary: string, args: string[]) {
  const command = path.join(PG_BIN, binary);
  return process.getuid?.() === 0
    ? execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" })
    : execFileSync(command, args, { stdio: "pipe" });
}

/**
 * A PRIVATE PostgreSQL cluster on its own port and socket directory, for tests that stop and start
 * the server. The shared one on 5432 is never touched.
 */
export function startPrivateCluster(port: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "boundless-pgcluster-"));
  if (process.getuid?.() === 0)
    chownSync(
      dir,
      Number(execFileSync("id", ["-u", "postgres"]).toString()),
      Number(execFileSync("id", ["-g", "postgres"]).toString()),
    );
  const data = path.join(dir, "data");
  asPostgres("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => {
    asPostgres("pg_ctl", [
      "-D",
      data,
      "-o",
      options,
      "-l",
      path.join(dir, "log"),
      "-w",
      "-t",
      "30",
      "start",
    ]);
  };
  const stop = () => {
    asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
