import { buildIfNeeded } from "./build-if-needed.ts";
import { ensurePgliteTemplate } from "../src/server/db/pglite-template.ts";
import { loadEnv } from "../src/server/env.ts";

// One process: build the front end when needed, then serve it and the API.
buildIfNeeded();
// The embedded database's template, made once per install in a child process (see
// pglite-template.ts); not needed with PostgreSQL. Bad settings are reported by the server itself.
const usesPglite = (() => {
  try {
    return !loadEnv().DATABASE_URL;
  } catch {
    return false;
  }
})();
if (usesPglite) ensurePgliteTemplate();
await import("../src/server/index.ts");
