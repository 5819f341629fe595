import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import patterns follow .gitignore syntax, where a leading `#` starts a comment: the subpath
// imports are written `\\#web/...` so they are patterns at all.
const features = readdirSync(new URL("src/web/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's layers; every other folder of src/server is a domain room, found here from the folders
 * (as the web's features are), so a room made tomorrow is held to the rules the day it exists.
 * Imports flow routes → http → rooms → services, db, lib (docs/decisions/009-rooms.md).
 */
export const SERVER_LAYERS = ["routes", "http", "services", "db", "lib"];
export const serverRooms = readdirSync(new URL("src/server", import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && !SERVER_LAYERS.includes(entry.name))
  .map((entry) => entry.name);
const roomAlternatives = serverRooms.join("|");
const ROOMS_IMPORT_NO_ROUTE = {
  regex: "^(?:(?:\\.\\./)+|#server/)routes/",
  message: "domain rooms do not import routes",
};

export default tseslint.config(
  {
    ignores: [
      "dist",
      "data",
      "node_modules",
      "src/server/db/migrations",
      "test-results",
      "playwright-report",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    plugins: { "import-x": importX },
    settings: {
      // Without these the import-x rules skip every .ts file: their default is .js only.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      // A circle of imports has no bottom: which module runs first depends on who is imported first.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ["*.js", "bench/*.mjs", "scripts/*.mjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // `import { type X } from "m"` still loads "m" (and runs it); a types-only import must be
      // `import type`, or a page builds the zod schemas it only names (docs/benchmarks.md, round eight).
      "@typescript-eslint/no-import-type-side-effects": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { attributes: false } },
      ],
      "@typescript-eslint/only-throw-error": "off",
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser reaches the server only through /api; it may import server types, never server code.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          // The app's router is wouter behind lib/router/ (decision 012): its links replace the entry
          // of the page shown, its hooks give the location's parts. react-router is not installed.
          paths: [
            {
              name: "react-router",
              message:
                "the app's router is wouter, through #web/lib/router/ (location.tsx, link.tsx)",
            },
            {
              name: "wouter",
              importNames: ["Link", "useLocation", "useParams", "Redirect"],
              message:
                "use #web/lib/router/ (link.tsx, location.tsx): Link, useLocation, useParams, Navigate",
            },
          ],
          patterns: [
            {
              group: ["\\#server/*", "**/server/**"],
              allowTypeImports: true,
              message: "web imports server types only",
            },
          ],
        },
      ],
    },
  },
  {
    // Features never import each other; inside a feature, imports are relative.
    files: ["src/web/features/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["\\#web/features/*", "\\#web/app/*"],
              message: "features do not import other features or the app layer",
            },
          ],
        },
      ],
      // The same by resolved path, so a relative `../../other-feature/...` is caught as well.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: "./src/web/features",
              except: [`./${feature}`],
              message: "features do not import other features",
            })),
            {
              target: "./src/web/features",
              from: "./src/web/app",
              message: "features do not import the app layer",
            },
          ],
        },
      ],
    },
  },
  {
    // Shared UI and helpers sit below the features: they import neither a feature nor the app layer.
    files: ["src/web/components/**", "src/web/lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["\\#web/features/*", "\\#web/app/*", "**/features/**", "**/app/**"],
              message: "components and lib sit below the features and the app layer",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["\\#server/*", "\\#web/*", "**/server/**", "**/web/**", "node:*"],
              message: "shared code imports neither the server, the web nor Node",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/server/env.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read settings through src/server/env.ts" },
      ],
    },
  },
  // The bench's bare baseline is plain JavaScript on purpose (nothing transpiled): no types to check.
  { files: ["bench/*.mjs"], ...tseslint.configs.disableTypeChecked },
  // Server layers: routes → http → domain rooms (every other folder) → services, db, lib; never back
  // up. Regex patterns, so relative and `#server/` specifiers alike are checked.
  {
    files: ["src/server/{lib,services,db}/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^(?:(?:\\.\\./)+|#server/)(?:${roomAlternatives}|http|routes)/`,
              message: "lib, services and db are below the rooms: they import no room and no route",
            },
            {
              regex: "^(?:(?:\\.\\./)+|#server/)(?:app|deps|index|static)\\.ts$",
              message: "lib, services and db do not import the composition root",
            },
          ],
        },
      ],
    },
  },
  {
    files: serverRooms.map((room) => `src/server/${room}/**/*.ts`),
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [ROOMS_IMPORT_NO_ROUTE] }],
      // The request plumbing is above the rooms; they may name its types (the Hono context's).
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?:(?:\\.\\./)+|#server/)http/",
              allowTypeImports: true,
              message: "domain rooms take what they use; from http/ they import types only",
            },
          ],
        },
      ],
    },
  },
  // The planner sits below the trip room: trips call it, it knows nothing of how trips are kept.
  {
    files: ["src/server/planner/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ROOMS_IMPORT_NO_ROUTE,
            {
              regex: "^(?:(?:\\.\\./)+|#server/)trips/",
              message: "the planner sits below trips/: it imports nothing from it",
            },
          ],
        },
      ],
    },
  },
);
