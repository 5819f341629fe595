import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { noImportCircle } from "./scripts/eslint-import-circles.mjs";

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
// What no domain room imports (a rule block of its own replaces these, so each repeats them).
const ROOMS_IMPORT_BELOW = [
  { regex: "^(?:(?:\\.\\./)+|#server/)routes/", message: "domain rooms do not import routes" },
  // The request plumbing is above the rooms, types included: a domain function takes the services
  // it uses (its own deps type), never a Hono context.
  {
    regex: "^(?:(?:\\.\\./)+|#server/)http/",
    message: "domain rooms import nothing from http/: take the services you use",
  },
  {
    regex: "^(?:(?:\\.\\./)+|#server/)(?:app|deps|index|static)\\.ts$",
    message: "domain rooms do not import the composition root",
  },
];

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
    plugins: {
      "import-x": importX,
      boundless: { rules: { "no-import-circle": noImportCircle } },
    },
    settings: {
      // Without these the import-x rules skip every .ts file: their default is .js only.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      // A circle of imports has no bottom: which module runs first depends on who is imported first,
      // and a circle of types leaves neither file below the other. `import-x/no-cycle` skips type-only
      // imports (no option turns that off), so the house's own rule follows every kind of import.
      "boundless/no-import-circle": "error",
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
  // So is the house's own lint rule, which eslint.config.js imports as it is (ESLint's AST is untyped).
  { files: ["scripts/eslint-import-circles.mjs"], ...tseslint.configs.disableTypeChecked },
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
      "no-restricted-imports": [
        "error",
        {
          patterns: [...ROOMS_IMPORT_BELOW],
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
            ...ROOMS_IMPORT_BELOW,
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
