import packageJson from "../../../package.json" with { type: "json" };

/**
 * The product's version, for the User-Agent of calls to third-party services. Imported, not read
 * from disk next to the source: `npm start` runs a bundle from dist/server (decision 006), where a
 * path relative to this file would no longer lead to package.json.
 */
export const APP_VERSION: string = packageJson.version;
