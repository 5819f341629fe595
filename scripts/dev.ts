import { spawn } from "node:child_process";
import path from "node:path";

// Vite (HMR) on :3000 proxies /api to the server on :3001, which restarts on change.
const children = [
  spawn(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "watch", "src/server/index.ts"],
    {
      stdio: "inherit",
      env: {
        ...process.env,
        PORT: "3001",
        APP_ORIGIN: process.env.APP_ORIGIN ?? "http://localhost:3000",
      },
    },
  ),
  spawn(process.execPath, [path.resolve("node_modules/vite/bin/vite.js")], { stdio: "inherit" }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
