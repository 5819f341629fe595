// The bench's bare baseline: what this machine can do for GET /api/trips with no framework at all.
// node:http + pg (or PGlite on a copy of the data directory), the same work as the product's route:
// verify the session cookie's HMAC the way Better Auth signs it, one query for the session joined to
// its user, one for the first page of trips, the same JSON. Plain JavaScript so nothing is transpiled.
//
//   BARE_PORT=4811 BARE_SECRET=… BARE_COOKIE=better-auth.session_token \
//     (BARE_DATABASE_URL=postgres://… | BARE_PGLITE_DIR=/tmp/x/db) node bench/bare-server.mjs
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const port = Number(process.env.BARE_PORT);
const secret = process.env.BARE_SECRET ?? "";
const cookieName = process.env.BARE_COOKIE ?? "better-auth.session_token";

const SESSION_SQL = `select u.id, u.email, u.name, u.email_verified, s.expires_at
  from session s join "user" u on u.id = s.user_id where s.token = $1`;
const TRIPS_SQL = `select id, destination, start_date, end_date, budget, travel_style, interests, status,
  is_public, created_at, version,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key
  from trips where user_id = $1
  order by created_at desc nulls last, id desc nulls last limit 21`;

let query;
if (process.env.BARE_DATABASE_URL) {
  const pg = (await import("pg")).default;
  const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
  query = async (text, values) => (await pool.query(text, values)).rows;
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create({ dataDir: process.env.BARE_PGLITE_DIR });
  query = async (text, values) => (await db.query(text, values)).rows;
}

/** The session token from a Better Auth cookie (`token.base64(HMAC-SHA256(token))`, URI-encoded). */
function verifiedToken(header) {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (part.slice(0, eq).trim() !== cookieName) continue;
    const value = decodeURIComponent(part.slice(eq + 1).trim());
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), "base64");
    const wanted = createHmac("sha256", secret).update(token).digest();
    return given.length === wanted.length && timingSafeEqual(given, wanted) ? token : null;
  }
  return null;
}

const dateOnly = (d) => (typeof d === "string" ? d : d.toISOString().slice(0, 10));

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(json),
    "cache-control": "no-store",
  });
  res.end(json);
}

createServer(async (req, res) => {
  try {
    const token = verifiedToken(req.headers.cookie);
    const [user] = token ? await query(SESSION_SQL, [token]) : [];
    if (!user || new Date(user.expires_at) < new Date())
      return send(res, 401, { error: { code: "unauthorized" } });
    const rows = await query(TRIPS_SQL, [user.id]);
    const page = rows.slice(0, 20);
    const last = page.at(-1);
    const nextCursor =
      rows.length > 20 && last
        ? Buffer.from(JSON.stringify({ s: "newest", k: last.created_key, id: last.id })).toString(
            "base64url",
          )
        : null;
    send(res, 200, {
      trips: page.map((r) => ({
        id: r.id,
        destination: r.destination,
        startDate: dateOnly(r.start_date),
        endDate: dateOnly(r.end_date),
        budget: Number(r.budget),
        travelStyle: r.travel_style,
        interests: r.interests,
        status: r.status,
        isPublic: r.is_public,
        createdAt: new Date(r.created_at).toISOString(),
        version: r.version,
      })),
      nextCursor,
    });
  } catch (error) {
    send(res, 500, { error: String(error) });
  }
}).listen(port, "127.0.0.1", () => console.log("ready"));
