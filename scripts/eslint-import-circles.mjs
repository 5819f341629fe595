// The lint rule `boundless/no-import-circle`: an import that leads, through any chain of the
// project's own modules, back to the file that makes it. Type-only imports count: a circle of types
// still leaves no module below the other (which is why `import-x/no-cycle` was not enough: it skips
// `import type` on purpose, and has no option to stop skipping it). Static, type-only, re-exports
// and `import()` alike; packages in node_modules are not followed.
//
// Plain JavaScript, as eslint.config.js loads it without a build. The graph is TypeScript's own
// reading of the imports (`preProcessFile`) resolved as tsc resolves them (tsconfig.json's options,
// the `#server/*` subpath imports included), kept for the run and read anew when a file changes.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LINTED = /\.(?:[cm]?[jt]s|tsx)$/;

/** @type {ts.CompilerOptions | undefined} */
let compilerOptions;
/** @type {ts.ModuleResolutionCache | undefined} */
let resolutionCache;

function options() {
  if (compilerOptions === undefined) {
    const configFile = path.join(root, "tsconfig.json");
    const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
    compilerOptions = ts.parseJsonConfigFileContent(config, ts.sys, root).options;
    resolutionCache = ts.createModuleResolutionCache(root, (name) => name, compilerOptions);
  }
  return compilerOptions;
}

/** The project file a specifier names, or undefined for a package or what does not resolve. */
function resolveImport(specifier, fromFile) {
  const { resolvedModule } = ts.resolveModuleName(
    specifier,
    fromFile,
    options(),
    ts.sys,
    resolutionCache,
  );
  if (resolvedModule === undefined || resolvedModule.isExternalLibraryImport) return undefined;
  const file = path.resolve(resolvedModule.resolvedFileName);
  if (!file.startsWith(root + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`))
    return undefined;
  return file;
}

/** file → { mtimeMs, targets }; `seenInRun` keeps each file to one stat per linted file. */
const graph = new Map();
let seenInRun = new Set();

function targetsOf(file) {
  const known = graph.get(file);
  if (known !== undefined && seenInRun.has(file)) return known.targets;
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  seenInRun.add(file);
  if (known !== undefined && known.mtimeMs === mtimeMs) return known.targets;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  const targets = [
    ...new Set(importedFiles.map((f) => resolveImport(f.fileName, file)).filter(Boolean)),
  ];
  graph.set(file, { mtimeMs, targets });
  return targets;
}

/** The shortest chain of imports from `start` back to `home`, or undefined when there is none. */
function chainBack(start, home) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i];
    for (const next of targetsOf(file)) {
      if (next === home) {
        const chain = [home];
        for (let at = file; at !== undefined; at = cameFrom.get(at)) chain.unshift(at);
        return [home, ...chain];
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

/** The string literal an import-like node names, if it names one. */
function specifierOf(node) {
  const source = node.type === "TSImportType" ? node.argument : node.source;
  const literal = source?.type === "TSLiteralType" ? source.literal : source;
  return literal?.type === "Literal" && typeof literal.value === "string"
    ? literal.value
    : undefined;
}

/** @type {import("eslint").Rule.RuleModule} */
export const noImportCircle = {
  meta: {
    type: "problem",
    docs: { description: "No import circle through the project's modules, type imports included" },
    schema: [],
    messages: {
      circle:
        "Import circle (type-only imports count too): {{chain}}. Move what both need to a lower file.",
    },
  },
  create(context) {
    const home = path.resolve(context.physicalFilename);
    if (!LINTED.test(home) || !home.startsWith(root + path.sep)) return {};
    const imports = [];
    const collect = (node) => {
      const specifier = specifierOf(node);
      if (specifier !== undefined) imports.push({ node, specifier });
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      TSImportType: collect,
      "Program:exit"() {
        seenInRun = new Set();
        const reported = new Set();
        for (const { node, specifier } of imports) {
          const target = resolveImport(specifier, home);
          if (target === undefined || target === home || reported.has(target)) continue;
          const chain = chainBack(target, home);
          if (chain === undefined) continue;
          reported.add(target);
          context.report({
            node,
            messageId: "circle",
            data: { chain: chain.map((file) => path.relative(root, file)).join(" → ") },
          });
        }
      },
    };
  },
};
