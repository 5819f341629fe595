// `npm run build`: the web app (dist/web), then the prerenderer of the public pages (dist/ssr), each
// `vite build` in a child with its memory bounded, so that a first run on a small machine stays
// under 500 MB at every moment (issue 32, item 10). Unbounded, the web build peaked at 609–624 MB:
// Rolldown's and Tailwind's native thread pools and a V8 heap that grows as it likes. One worker
// thread each and a bounded heap: about 445 MB, and no slower on 2 cores. Plain JavaScript:
// scripts/build-if-needed.ts (npm start, the bench) runs this file, and bench/first-run.ts measures
// each build as it is run here.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The two builds, in order: the server only uses a prerenderer newer than the web build. */
export const VITE_BUILDS = [
  { name: "vite build (the web app)", args: ["build", "--logLevel", "warn"] },
  {
    name: "vite build --ssr prerender.tsx",
    args: ["build", "--ssr", "prerender.tsx", "--logLevel", "warn"],
  },
];

export const VITE_BIN = path.join(root, "node_modules/vite/bin/vite.js");

/** The environment of each build: a production build, native pools of one thread, a bounded heap. */
export function buildEnv() {
  return {
    ...process.env,
    RAYON_NUM_THREADS: "1",
    TOKIO_WORKER_THREADS: "1",
    UV_THREADPOOL_SIZE: "1",
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=160 --max-semi-space-size=2`.trim(),
    // Under NODE_ENV=development Vite compiles JSX for React's development runtime, and the
    // prerenderer, which loads React's production build, then fails.
    NODE_ENV: "production",
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  for (const { args } of VITE_BUILDS)
    execFileSync(process.execPath, [VITE_BIN, ...args], {
      cwd: root,
      stdio: "inherit",
      env: buildEnv(),
    });
