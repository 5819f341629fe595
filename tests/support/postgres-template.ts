import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPostgres } from "#server/db/postgres.ts";

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A migrated database that each test file clones; its name is unique to this run. */
export async function createPostgresTemplate(url: string) {
  const name = `boundless_tpl_${randomBytes(4).toString("hex")}`;
  await admin(url, (c) => c.query(`CREATE DATABASE "${name}"`));
  const database = openPostgres(withDatabase(url, name), { max: 1 });
  await database.migrate();
  await database.close();
  return { url, name };
}

export async function dropPostgresTemplate(url: string, name: string) {
  await admin(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2",
      [name, `${name}_f%`],
    );
    for (const row of rows) await c.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
  });
}

/** A fresh database for one test file, cloned from the template (the template must have no connections). */
export async function clonePostgresTemplate(template: { url: string; name: string }) {
  const name = `${template.name}_f${randomBytes(4).toString("hex")}`;
  await admin(template.url, (c) =>
    c.query(`CREATE DATABASE "${name}" TEMPLATE "${template.name}"`),
  );
  return {
    url: withDatabase(template.url, name),
    drop: () =>
      admin(template.url, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
