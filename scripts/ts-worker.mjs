// The thread side of src/server/lib/bounded-worker.ts when the server runs from its TypeScript
// sources (tsx: `npm run dev`, the tests, the e2e stack). Node 20 does not carry the parent's loader
// hooks into a worker thread, and `--import tsx` in its execArgv does not take, so the entry is
// loaded through tsx's API here; every task is this module's default export, dispatched by name.
// Plain JavaScript on purpose: it is what loads TypeScript. `npm start`'s bundle never uses it.
import { workerData } from "piscina";
import { tsImport } from "tsx/esm/api";

/** @type {unknown} */
const data = workerData;
const { entry } = /** @type {{ entry: string }} */ (data);
/** @type {unknown} */
const loaded = await tsImport(entry, import.meta.url);
const tasks = /** @type {Record<string, unknown>} */ (loaded);

/** @param {{ task: string }} message */
export default function dispatch(message) {
  const task = /** @type {((message: { task: string }) => unknown) | undefined} */ (
    tasks[message.task]
  );
  if (typeof task !== "function") throw new Error(`no task ${message.task} in ${entry}`);
  return task(message);
}
