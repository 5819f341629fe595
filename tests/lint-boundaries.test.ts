import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_LAYERS, serverRooms } from "../eslint.config.js";

/**
 * The import boundaries are only worth having if the linter enforces them: each deliberate
 * violation below must fail `npm run lint`, through the repository's own eslint.config.js.
 */
const root = join(import.meta.dirname, "..");

// Type-aware rules need each file in a TypeScript program; the boundary rules do not, and the
// fixtures below are not on disk, so the type-aware part is switched off to keep this fast.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: tseslint.configs.disableTypeChecked as Linter.Config,
});

const boundaryRules = new Set([
  "no-restricted-imports",
  "@typescript-eslint/no-restricted-imports",
  "import-x/no-restricted-paths",
  "boundless/no-import-circle",
]);

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? [])
    .filter((m) => m.severity === 2 && m.ruleId !== null && boundaryRules.has(m.ruleId))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe("import boundaries", () => {
  it("a feature importing another feature fails", async () => {
    const errors = await boundaryErrors(
      "src/web/features/chat/components/boundary-probe.tsx",
      'import { useAuth } from "#web/features/auth/auth-context.ts";\nexport const probe = useAuth;\n',
    );
    expect(errors.join("\n")).toMatch(/features do not import other features/);
  });

  it("a feature reaching another feature by a relative path fails", async () => {
    const errors = await boundaryErrors(
      "src/web/features/chat/components/boundary-probe.tsx",
      'import { useAuth } from "../../auth/auth-context.ts";\nexport const probe = useAuth;\n',
    );
    expect(errors.join("\n")).toMatch(/features do not import other features/);
  });

  it("a feature importing the app layer fails", async () => {
    const errors = await boundaryErrors(
      "src/web/features/chat/components/boundary-probe.tsx",
      'import { RequireAuth } from "#web/app/route-guard.tsx";\nexport const probe = RequireAuth;\n',
    );
    expect(errors.join("\n")).toMatch(/the app layer/);
  });

  it("shared UI importing a feature fails", async () => {
    const errors = await boundaryErrors(
      "src/web/components/boundary-probe.tsx",
      'import { useAuth } from "#web/features/auth/auth-context.ts";\nexport const probe = useAuth;\n',
    );
    expect(errors.join("\n")).toMatch(/sit below the features/);
  });

  it("shared code importing the server or the web fails", async () => {
    const fromServer = await boundaryErrors(
      "src/shared/boundary-probe.ts",
      'import { logger } from "#server/lib/logger.ts";\nexport const probe = logger;\n',
    );
    expect(fromServer.join("\n")).toMatch(/imports neither the server, the web nor Node/);
    const fromWeb = await boundaryErrors(
      "src/shared/boundary-probe.ts",
      'import { formatDate } from "#web/lib/format.ts";\nexport const probe = formatDate;\n',
    );
    expect(fromWeb.join("\n")).toMatch(/imports neither the server, the web nor Node/);
  });

  it("web importing server code fails, and server types pass", async () => {
    const value = await boundaryErrors(
      "src/web/lib/boundary-probe.ts",
      'import { logger } from "#server/lib/logger.ts";\nexport const probe = logger;\n',
    );
    expect(value.join("\n")).toMatch(/web imports server types only/);
    const typeOnly = await boundaryErrors(
      "src/web/lib/boundary-probe.ts",
      'import type { Logger } from "#server/lib/logger.ts";\nexport type Probe = Logger;\n',
    );
    expect(typeOnly).toEqual([]);
  });

  it("code within its own room passes", async () => {
    const errors = await boundaryErrors(
      "src/web/features/chat/components/boundary-probe.tsx",
      'import { formatDate } from "#web/lib/format.ts";\nimport { UNPLACED } from "#shared/place-fields.ts";\nexport const probe = [formatDate, UNPLACED];\n',
    );
    expect(errors).toEqual([]);
  });
});

describe("server layers", () => {
  it("lib importing a domain room fails", async () => {
    const errors = await boundaryErrors(
      "src/server/lib/boundary-probe.ts",
      'import { findTripFor } from "../trips/trip-access.ts";\nexport const probe = findTripFor;\n',
    );
    expect(errors.join("\n")).toMatch(/lib, services and db are below the rooms/);
  });

  it("a service importing the planner fails", async () => {
    const errors = await boundaryErrors(
      "src/server/services/boundary-probe.ts",
      'import { GenerationError } from "#server/planner/generation-error.ts";\nexport const probe = GenerationError;\n',
    );
    expect(errors.join("\n")).toMatch(/lib, services and db are below the rooms/);
  });

  it("a domain room importing a route fails", async () => {
    const errors = await boundaryErrors(
      "src/server/trips/boundary-probe.ts",
      'import { tripRoutes } from "../routes/trips/index.ts";\nexport const probe = tripRoutes;\n',
    );
    expect(errors.join("\n")).toMatch(/domain rooms do not import routes/);
  });

  it("a domain room importing from http fails, types included", async () => {
    const value = await boundaryErrors(
      "src/server/trips/boundary-probe.ts",
      'import { requireUser } from "../http/session.ts";\nexport const probe = requireUser;\n',
    );
    expect(value.join("\n")).toMatch(/domain rooms import nothing from http\//);
    const typeOnly = await boundaryErrors(
      "src/server/money/boundary-probe.ts",
      'import type { AppBindings } from "../http/context.ts";\nexport type Probe = AppBindings;\n',
    );
    expect(typeOnly.join("\n")).toMatch(/domain rooms import nothing from http\//);
  });

  it("a domain room importing the composition root fails, and the app's deps type passes", async () => {
    const root = await boundaryErrors(
      "src/server/companions/boundary-probe.ts",
      'import { createMailer } from "../deps.ts";\nexport const probe = createMailer;\n',
    );
    expect(root.join("\n")).toMatch(/do not import the composition root/);
    const depsType = await boundaryErrors(
      "src/server/mcp/boundary-probe.ts",
      'import type { AppDeps } from "../app-deps.ts";\nexport type Probe = AppDeps;\n',
    );
    expect(depsType).toEqual([]);
  });

  it("a domain room importing services, db and lib passes", async () => {
    const errors = await boundaryErrors(
      "src/server/trips/boundary-probe.ts",
      'import { trips } from "../db/schema.ts";\nimport { notFound } from "../lib/http-errors.ts";\nimport type { Storage } from "../services/storage/storage.ts";\nexport const probe = [trips, notFound];\nexport type Probe = Storage;\n',
    );
    expect(errors).toEqual([]);
  });
});

describe("server rooms, found from the folders", () => {
  // Written here, not read from the config: a folder the config would wave through as a new layer
  // fails this test instead of escaping the rules.
  const layers = ["routes", "http", "services", "db", "lib"];
  const folders = readdirSync(join(root, "src", "server"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it("the layers are the five of decision 009, and the rooms are every other folder", () => {
    expect([...SERVER_LAYERS].sort()).toEqual([...layers].sort());
    expect(folders.length).toBeGreaterThan(layers.length);
    expect([...serverRooms].sort()).toEqual(folders.filter((f) => !layers.includes(f)).sort());
  });

  // Each folder of src/server, walked on disk: a layer, or a room held to every rule by the linter.
  it.each(folders.filter((folder) => !layers.includes(folder)))(
    "the folder %s is a room the rules hold: no route, nothing from http, and no layer below imports it",
    async (room: string) => {
      const route = await boundaryErrors(
        `src/server/${room}/boundary-probe.ts`,
        'import { tripRoutes } from "../routes/trips/index.ts";\nexport const probe = tripRoutes;\n',
      );
      expect(route.join("\n")).toMatch(/domain rooms do not import routes/);
      const routeType = await boundaryErrors(
        `src/server/${room}/boundary-probe.ts`,
        'import type { allTripRoutes } from "#server/routes/trips/index.ts";\nexport type Probe = typeof allTripRoutes;\n',
      );
      expect(routeType.join("\n")).toMatch(/domain rooms do not import routes/);
      const http = await boundaryErrors(
        `src/server/${room}/boundary-probe.ts`,
        'import { requireUser } from "#server/http/session.ts";\nexport const probe = requireUser;\n',
      );
      expect(http.join("\n")).toMatch(/domain rooms import nothing from http\//);
      const httpRelative = await boundaryErrors(
        `src/server/${room}/nested/boundary-probe.ts`,
        'import { requireUser } from "../../http/session.ts";\nexport const probe = requireUser;\n',
      );
      expect(httpRelative.join("\n")).toMatch(/domain rooms import nothing from http\//);
      for (const below of ["lib", "services", "db"]) {
        const upward = await boundaryErrors(
          `src/server/${below}/boundary-probe.ts`,
          `import { probe as roomProbe } from "../${room}/any-file.ts";\nexport const probe = roomProbe;\n`,
        );
        expect(upward.join("\n"), below).toMatch(/lib, services and db are below the rooms/);
      }
    },
  );

  it("a room made tomorrow is covered the day its folder exists", async () => {
    const room = `probe-room-${process.pid}`;
    const dir = join(root, "src", "server", room);
    await mkdir(dir, { recursive: true });
    try {
      // The linter as `npm run lint` starts it after the folder was made: a fresh process, which
      // reads eslint.config.js anew (this one holds the config it read before the folder existed).
      const script = `
        import { ESLint } from "eslint";
        import tseslint from "typescript-eslint";
        const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });
        const [result] = await eslint.lintText(process.argv[1], { filePath: process.argv[2] });
        console.log(result.messages.map((m) => m.message).join("\\n"));
      `;
      const run = spawnSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          script,
          'import { tripRoutes } from "../routes/trips/index.ts";\nexport const probe = tripRoutes;\n',
          join(dir, "probe.ts"),
        ],
        { cwd: root, encoding: "utf8" },
      );
      expect(run.stderr).toBe("");
      expect(run.stdout).toMatch(/domain rooms do not import routes/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("the planner importing from trips fails: it sits below them", async () => {
    const errors = await boundaryErrors(
      "src/server/planner/boundary-probe.ts",
      'import { findTripFor } from "../trips/trip-access.ts";\nexport const probe = findTripFor;\n',
    );
    expect(errors.join("\n")).toMatch(/the planner sits below trips/);
  });
});

describe("import circles", () => {
  // Fixture files on disk (the circle rule follows imports through the file system), in a folder of
  // their own under tests/ so the repository's config applies to them.
  const folder = `.cycle-fixture-${process.pid}`;
  const dir = join(root, "tests", folder);
  const files: Record<string, string> = {
    // Two values that import each other.
    "first.ts": 'import { second } from "./second.ts";\nexport const first = () => second();\n',
    "second.ts":
      'import { first } from "./first.ts";\nexport const second = (): unknown => first;\n',
    // Two files whose only imports are `import type`: still a circle, neither below the other.
    "trip-shape.ts":
      'import type { StopShape } from "./stop-shape.ts";\nexport type TripShape = { stops: StopShape[] };\n',
    "stop-shape.ts":
      'import type { TripShape } from "./trip-shape.ts";\nexport type StopShape = { trip?: TripShape };\n',
    // A longer circle through a type re-export: a → b → c → a.
    "ring-a.ts": 'import type { C } from "./ring-c.ts";\nexport type A = { c?: C };\n',
    "ring-b.ts": 'export type { A as B } from "./ring-a.ts";\n',
    "ring-c.ts": 'import type { B } from "./ring-b.ts";\nexport type C = { b?: B };\n',
    "leaf.ts": "export type Leaf = { name: string };\nexport const leaf = 1;\n",
  };
  beforeAll(async () => {
    await mkdir(dir, { recursive: true });
    for (const [name, code] of Object.entries(files)) await writeFile(join(dir, name), code);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function circles(name: string) {
    const [result] = await eslint.lintFiles([join(dir, name)]);
    return (result?.messages ?? []).filter((m) => m.ruleId === "boundless/no-import-circle");
  }

  it("a circle of value imports fails", async () => {
    const found = await circles("first.ts");
    expect(found).toHaveLength(1);
    expect(found[0]?.severity).toBe(2);
    expect(found[0]?.message).toContain(
      `tests/${folder}/first.ts → tests/${folder}/second.ts → tests/${folder}/first.ts`,
    );
  });

  it("a circle of type-only imports fails", async () => {
    const found = await circles("trip-shape.ts");
    expect(found).toHaveLength(1);
    expect(found[0]?.severity).toBe(2);
    expect(found[0]?.line).toBe(1);
    expect(found[0]?.message).toMatch(/stop-shape\.ts → tests\/.*trip-shape\.ts/);
  });

  it("a longer circle through a type re-export fails, from each file on it", async () => {
    for (const name of ["ring-a.ts", "ring-b.ts", "ring-c.ts"])
      expect(await circles(name), name).toHaveLength(1);
  });

  it("imports without a circle pass, type-only or not", async () => {
    const errors = await boundaryErrors(
      `tests/${folder}/third.ts`,
      'import { leaf } from "./leaf.ts";\nimport type { Leaf } from "./leaf.ts";\nimport type { TripShape } from "./trip-shape.ts";\nexport const third: Leaf = { name: String(leaf) };\nexport type Third = TripShape;\n',
    );
    expect(errors).toEqual([]);
  });

  it("the circle rule is on for the server's files, as npm run lint reads the config", async () => {
    const config = (await eslint.calculateConfigForFile(join(root, "src/server/app.ts"))) as {
      rules: Record<string, unknown>;
    };
    expect(config.rules["boundless/no-import-circle"]).toEqual([2]);
  });
});
