// The saved-places worker's entry when the server runs from its TypeScript sources (tests, `npm run dev`):
// tsx is registered in this thread, then the worker module is loaded. `npm start` bundles
// places-worker.ts itself (scripts/start.mjs) and never loads this file.
import { register } from "tsx/esm/api";

register();
const worker = await import("../src/server/places-io/places-worker.ts");
export default worker.default;
