// The bench's bare baseline: what this machine can do for GET /api/trips and GET /api/trips/:id with
// no framework at all, done as well as plain code can. node:http + pg (or PGlite on a copy of the
// data directory): verify the session cookie's HMAC the way Better Auth signs it, then the session
// and the rows in ONE prepared statement (one round trip; the rows as one JSON array), then the
// same JSON as the product. Plain JavaScript so nothing is transpiled.
//
//   BARE_PORT=4811 BARE_SECRET=… BARE_COOKIE=better-auth.session_token \
//     (BARE_DATABASE_URL=postgres://… | BARE_PGLITE_DIR=/tmp/x/db) node bench/bare-server.mjs
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const port = Number(process.env.BARE_PORT);
const secret = process.env.BARE_SECRET ?? "";
const cookieName = process.env.BARE_COOKIE ?? "better-auth.session_token";

const sessionAnd = (rows) => `with su as (
    select u.id, u.name, (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms
    from session s join "user" u on u.id = s.user_id where s.token = $1)
  select su.id, su.expires_ms, (select coalesce(json_agg(x), '[]'::json) from (${rows}) x) as rows
  from su`;

const CARD = (t) => `${t}.id, ${t}.name, ${t}.destination,
    to_char(${t}.start_date, 'YYYY-MM-DD') as start_date, to_char(${t}.end_date, 'YYYY-MM-DD') as end_date,
    ${t}.budget, ${t}.travel_style, array_to_json(${t}.interests) as interests, ${t}.status,
    ${t}.is_public, ${t}.version`;

// The user's own trips along their index, and the trips shared with them (through trip_members),
// each one page in order, merged and cut to one page: the same rows the product reads.
const LIST = {
  name: "bare_list",
  text: sessionAnd(`select * from (
    (select ${CARD("t")}, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key,
      t.card_points as points, 'owner' as role, su.name as owner_name
      from trips t where t.user_id = su.id
      order by t.created_at desc nulls last, t.id desc nulls last limit 21)
    union all
    (select ${CARD("t")}, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key,
      t.card_points as points, m.role, o.name as owner_name
      from trip_members m join trips t on t.id = m.trip_id join "user" o on o.id = t.user_id
      where m.user_id = su.id
      order by t.created_at desc, t.id desc limit 21)
  ) page order by created_key desc, id desc limit 21`),
};
const ONE = {
  name: "bare_one",
  text: sessionAnd(`select ${CARD("t")}, t.itinerary,
    to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
    t.place, t.stops, t.transport, t.stays, t.grounding, t.share_token,
    case when t.user_id = su.id then 'owner' else m.role end as role, o.name as owner_name
    from trips t
    left join trip_members m on m.trip_id = t.id and m.user_id = su.id
    join "user" o on o.id = t.user_id
    where t.id = $2::uuid and (t.user_id = su.id or m.user_id is not null)`),
};

let query;
if (process.env.BARE_DATABASE_URL) {
  const pg = (await import("pg")).default;
  const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
  query = async (statement, values) =>
    (await pool.query({ name: statement.name, text: statement.text, values })).rows;
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create({ dataDir: process.env.BARE_PGLITE_DIR });
  query = async (statement, values) => (await db.query(statement.text, values)).rows;
}

// The day's exchange rates, as the product holds them: asked once at start (BARE_FX_URL, the bench's
// loopback Frankfurter), then read from memory; none with no BARE_FX_URL (the product's FX_URL=off).
let rates = null;
if (process.env.BARE_FX_URL) {
  const response = await fetch(`${process.env.BARE_FX_URL}/latest?base=USD`);
  if (response.ok) rates = await response.json();
}

/** The trip's currencies' rates (1 USD = n units), from its place and stops' places. */
function tripRates(row) {
  if (!process.env.BARE_FX_URL || !rates) return null;
  const USD = {};
  for (const place of [row.place, ...(row.stops ?? []).map((s) => s.place)]) {
    const code = place?.currency;
    if (code && code !== "USD" && rates.rates[code] !== undefined) USD[code] = rates.rates[code];
  }
  return { date: rates.date, USD };
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

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(json),
    "cache-control": "no-store",
  });
  res.end(json);
}

const summary = (r) => ({
  id: r.id,
  name: r.name,
  destination: r.destination,
  startDate: r.start_date,
  endDate: r.end_date,
  budget: Number(r.budget),
  travelStyle: r.travel_style,
  interests: r.interests,
  status: r.status,
  isPublic: r.is_public,
  createdAt: r.created_at ?? `${r.created_key.slice(0, 23)}Z`,
  version: r.version,
});

const card = (r) => ({
  ...summary(r),
  points: r.points,
  role: r.role,
  owner: { name: r.owner_name },
});

function listPage(rows) {
  const page = rows.slice(0, 20);
  const last = page.at(-1);
  const nextCursor =
    rows.length > 20 && last
      ? Buffer.from(JSON.stringify({ s: "newest", k: last.created_key, id: last.id })).toString(
          "base64url",
        )
      : null;
  return { trips: page.map(card), nextCursor };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

createServer(async (req, res) => {
  try {
    const token = verifiedToken(req.headers.cookie);
    const id = req.url.startsWith("/api/trips/") ? req.url.slice("/api/trips/".length) : null;
    if (id !== null && !UUID.test(id))
      return send(res, 404, { error: { code: "not_found", message: "Trip not found" } });
    const [session] = token
      ? await query(id === null ? LIST : ONE, id === null ? [token] : [token, id])
      : [];
    if (!session || session.expires_ms <= Date.now())
      return send(res, 401, { error: { code: "unauthorized" } });
    if (id === null) return send(res, 200, listPage(session.rows));
    const row = session.rows[0];
    if (!row) return send(res, 404, { error: { code: "not_found", message: "Trip not found" } });
    send(res, 200, {
      trip: {
        ...summary(row),
        role: row.role,
        owner: { name: row.owner_name },
        itinerary: row.itinerary,
        place: row.place,
        stops: row.stops,
        transport: row.transport,
        stays: row.stays,
        grounding: row.grounding,
        sharePath: row.share_token && row.role === "owner" ? `/shared/${row.share_token}` : null,
        rates: tripRates(row),
      },
    });
  } catch (error) {
    send(res, 500, { error: String(error) });
  }
}).listen(port, "127.0.0.1", () => console.log("ready"));

// A normal exit on SIGTERM, so that a profile asked for with --cpu-prof gets written.
process.on("SIGTERM", () => process.exit(0));
