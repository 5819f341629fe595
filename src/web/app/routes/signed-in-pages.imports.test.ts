import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A trip's page and My Trips must not build the shared zod schemas before they can show anything:
 * importing a schema module builds every schema in it, one long task on a phone (docs/benchmarks.md,
 * rounds eight and nine). Their answers are checked with schemas loaded with the request
 * (api-client.ts, lazySchema), My Trips' URL filters with the schema loaded when there are any.
 * This walks the page's static imports as the bundler sees them: `import type` is erased, but
 * `import { type X } from "m"` still loads "m".
 */
const ROOT = path.resolve(import.meta.dirname, "../../../..");
const ALIASES: Record<string, string> = { "#web/": "src/web/", "#shared/": "src/shared/" };
const IMPORT = /^import\s+(type\s+)?([\s\S]*?)\s*from\s*"([^"]+)";?$|^import\s+"([^"]+)";?$/gm;

function resolve(from: string, spec: string): string | null {
  for (const [alias, dir] of Object.entries(ALIASES))
    if (spec.startsWith(alias)) return path.join(ROOT, dir, spec.slice(alias.length));
  return spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
}

/** Every module the page loads statically, and the packages it imports, with who imports them. */
function staticGraph(entry: string) {
  const modules = new Map<string, string | null>();
  const packages: { name: string; from: string }[] = [];
  const visit = (file: string, from: string | null) => {
    if (modules.has(file)) return;
    modules.set(file, from);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (match[1]) continue; // import type …
      const spec = (match[3] ?? match[4])!;
      const target = resolve(file, spec);
      if (target === null) packages.push({ name: spec, from: file });
      else if (existsSync(target)) visit(target, file);
    }
  };
  visit(entry, null);
  return { modules, packages };
}

const PAGES = [
  {
    page: "src/web/app/routes/trip-detail.tsx",
    // The page, its editor and its map are found.
    found: [
      "src/web/features/trips/editor/trip-editor.tsx",
      "src/web/features/trips/api/get-trip.ts",
    ],
  },
  {
    page: "src/web/app/routes/trips.tsx",
    found: [
      "src/web/features/trip-list/components/trip-list-view.tsx",
      "src/web/features/trip-list/filters-url.ts",
    ],
  },
];

describe.each(PAGES)("$page's static imports", ({ page, found }) => {
  const { modules, packages } = staticGraph(path.join(ROOT, page));

  it("are walked", () => {
    const names = [...modules.keys()].map((m) => path.relative(ROOT, m));
    expect(names).toEqual(expect.arrayContaining([...found, "src/shared/constants.ts"]));
  });

  it("load neither zod nor a shared schema module", () => {
    const schemas = [...modules]
      .filter(([file]) => file.includes("/src/shared/schemas/"))
      .map(([file, from]) => `${path.relative(ROOT, file)} <- ${path.relative(ROOT, from ?? "")}`);
    const zod = packages
      .filter((p) => p.name === "zod" || p.name.startsWith("zod/"))
      .map((p) => `${p.name} <- ${path.relative(ROOT, p.from)}`);
    expect(schemas).toEqual([]);
    expect(zod).toEqual([]);
  });
});
