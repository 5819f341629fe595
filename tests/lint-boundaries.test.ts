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
  "import-x/no-cycle",
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
  const folders = readdirSync(join(root, "src", "server"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it("every folder of src/server is a layer or a room the rules cover", () => {
    expect(serverRooms.length).toBeGreaterThanOrEqual(5);
    for (const folder of folders)
      expect([SERVER_LAYERS.includes(folder), serverRooms.includes(folder)], folder).toEqual(
        SERVER_LAYERS.includes(folder) ? [true, false] : [false, true],
      );
  });

  it.each(serverRooms)(
    "the room %s importing a route or anything from http fails",
    async (room: string) => {
      const route = await boundaryErrors(
        `src/server/${room}/boundary-probe.ts`,
        'import { tripRoutes } from "../routes/trips/index.ts";\nexport const probe = tripRoutes;\n',
      );
      expect(route.join("\n")).toMatch(/domain rooms do not import routes/);
      const http = await boundaryErrors(
        `src/server/${room}/boundary-probe.ts`,
        'import { requireUser } from "#server/http/session.ts";\nexport const probe = requireUser;\n',
      );
      expect(http.join("\n")).toMatch(/domain rooms import nothing from http\//);
    },
  );

  it.each(serverRooms)("lib importing the room %s fails", async (room: string) => {
    const errors = await boundaryErrors(
      "src/server/lib/boundary-probe.ts",
      `import { probe as roomProbe } from "../${room}/any-file.ts";\nexport const probe = roomProbe;\n`,
    );
    expect(errors.join("\n")).toMatch(/lib, services and db are below the rooms/);
  });

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

describe("import cycles", () => {
  // Fixture files on disk (the cycle rule follows imports through the file system), in a folder of
  // their own under tests/ so the repository's config applies to them.
  const dir = join(root, "tests", `.cycle-fixture-${process.pid}`);
  beforeAll(async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, "first.ts"),
      'import { second } from "./second.ts";\nexport const first = () => second();\n',
    );
    await writeFile(
      join(dir, "second.ts"),
      'import { first } from "./first.ts";\nexport const second = (): unknown => first;\n',
    );
    await writeFile(join(dir, "leaf.ts"), "export const leaf = 1;\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("a circle of imports fails", async () => {
    const [result] = await eslint.lintFiles([join(dir, "first.ts")]);
    const cycles = (result?.messages ?? []).filter((m) => m.ruleId === "import-x/no-cycle");
    expect(cycles).toHaveLength(1);
    expect(cycles[0]?.severity).toBe(2);
    expect(cycles[0]?.message).toMatch(/cycle/i);
  });

  it("imports without a circle pass", async () => {
    const errors = await boundaryErrors(
      `tests/.cycle-fixture-${process.pid}/third.ts`,
      'import { leaf } from "./leaf.ts";\nexport const third = leaf;\n',
    );
    expect(errors).toEqual([]);
  });
});
