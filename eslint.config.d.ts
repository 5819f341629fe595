// Types of what eslint.config.js exports besides the config, for tests/lint-boundaries.test.ts.
import type { Linter } from "eslint";

/** The server's layers: every other folder of src/server is a domain room. */
export const SERVER_LAYERS: string[];
/** The server's rooms, found from the folders when the config is read. */
export const serverRooms: string[];
declare const config: Linter.Config[];
export default config;
