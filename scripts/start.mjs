// `npm start`. Plain JavaScript on purpose: the server runs from a bundle of its TypeScript made
// here by esbuild (about 0.2 s, every start, so it is never stale), without tsx loaded in its
// process. tsx's hooks cost the server about 70 MB resident and 2 s of CPU at start-up (see
// docs/decisions/006-npm-start-runs-a-server-bundle.md). Tests and `npm run dev` still run the
// sources through tsx; the bench starts its servers through this file (server-process.ts).
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, stop } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builds = path.join(root, "dist", "server");

/**
 * Whether a process with this id is still running (another `npm start` of this checkout).
 * @param {number} pid
 */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

// Each server imports its lazy chunks (Better Auth, a database driver) long after it started, so a
// build is never replaced under a running server: each start has its own folder, named by its
// process id, and the folders of servers that are gone are removed.
mkdirSync(builds, { recursive: true });
for (const name of readdirSync(builds, { withFileTypes: true }).filter((e) => e.isDirectory()))
  if (!running(Number(name.name)) || Number(name.name) === process.pid)
    rmSync(path.join(builds, name.name), { recursive: true, force: true });
const outdir = path.join(builds, String(process.pid));
await build({
  absWorkingDir: root,
  // The server, and each worker-thread entry (src/server/workers/*.ts, see
  // src/server/lib/bounded-worker.ts) as workers/<name>.js beside it.
  entryPoints: [
    { in: "scripts/start.ts", out: "start" },
    ...readdirSync(path.join(root, "src/server/workers"))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => ({
        in: `src/server/workers/${name}`,
        out: `workers/${name.replace(/\.ts$/, "")}`,
      })),
  ],
  outdir,
  bundle: true,
  // node_modules stay where they are; only our own code is bundled.
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  // Lazy imports (Better Auth, the database drivers, S3, mail) stay lazy: one file each.
  splitting: true,
  // Readable stack traces without source maps (which node would parse at start-up).
  keepNames: true,
  logLevel: "warning",
});
// esbuild keeps a service process (about 27 MB) for further builds; there are none.
await stop();
// db/database.ts finds its migrations next to itself, which is now this build's folder.
cpSync(path.join(root, "src/server/db/migrations"), path.join(outdir, "migrations"), {
  recursive: true,
});
await import(pathToFileURL(path.join(outdir, "start.js")).href);
