// The thread side of lib/bounded-worker.ts when the server runs from its TypeScript sources (tsx:
// `npm run dev`, the tests, the e2e stack). Node 20 does not carry the parent's loader hooks into a
// worker thread, and `--import tsx` in its execArgv does not take, so the entry is loaded through
// tsx's API here; every task is this module's default export, dispatched by name. Plain
// JavaScript on purpose: it is what loads TypeScript. `npm start`'s bundle never uses it.
import { workerData } from "piscina";
import { tsImport } from "tsx/esm/api";

const entry = await tsImport(workerData.entry, import.meta.url);

/** @param {{ task: string }} message */
export default function dispatch(message) {
  const task = entry[message.task];
  if (typeof task !== "function") throw new Error(`no task ${message.task} in ${workerData.entry}`);
  return task(message);
}
