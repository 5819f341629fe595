import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Runs a TypeScript script in a child process whose own time zone is `tz` (the process's TZ, as a
 * server's would be) and returns what it printed to stdout.
 */
export async function runInZone(script: string, tz: string): Promise<string> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", path.resolve(script)], {
    env: { ...process.env, TZ: tz },
    timeout: 20_000,
  });
  return stdout;
}
