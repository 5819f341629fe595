import { buildIfNeeded } from "./build-if-needed.ts";

// One process: build the front end when needed, then serve it and the API.
buildIfNeeded();
await import("../src/server/index.ts");
