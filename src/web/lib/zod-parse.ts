// Loaded on demand by api-client.ts. Importing "zod/mini" dynamically would bring its whole namespace
// (JSON Schema included, about 85 KB gzip); through this module only parse and safeParse are kept.
export { parse, safeParse, undefined as noContent } from "zod/mini";
