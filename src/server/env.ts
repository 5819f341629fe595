import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { parse as parseDotenv } from "dotenv";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const optionalUrl = optionalString.pipe(z.url().optional());
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** One address or CIDR range of TRUSTED_PROXIES. */
export type AddressRange = { address: string; prefix: number; family: "ipv4" | "ipv6" };

/** `10.0.0.5`, `10.0.0.0/8`, `::1` or `fd00::/8`; undefined for anything else. */
function parseRange(entry: string): AddressRange | undefined {
  const [address = "", prefixText, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** A comma-separated list of addresses and CIDR ranges; every entry must parse. Empty: `fallback`. */
const addressRanges = (fallback: string) =>
  optionalString.transform((text = fallback, ctx) => {
    const ranges: AddressRange[] = [];
    for (const entry of text.split(",").map((part) => part.trim())) {
      const range = entry === "" ? undefined : parseRange(entry);
      if (!range) {
        ctx.addIssue({
          code: "custom",
          message: `"${entry}" is not an IP address or CIDR range (e.g. 10.0.0.5, 10.0.0.0/8, ::1, fd00::/8)`,
        });
        return z.NEVER;
      }
      ranges.push(range);
    }
    return ranges;
  });

/** Every setting the server reads. `.env.example` documents each one with its default. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_ORIGIN: optionalUrl,
    AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    // Connections to PostgreSQL (unused with PGlite). PostgreSQL's own rule of thumb is twice the
    // database machine's cores plus its disks: 5 for the 2-core machines we measure on, where 10
    // backends fighting over two cores gave the list read a p99 about 5 ms worse (docs/benchmarks.md,
    // round eight).
    DATABASE_POOL_SIZE: positiveInt(5),
    DATA_DIR: z.string().default("./data"),
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: optionalString,
    AI_MODEL: optionalString,
    AI_TIMEOUT_MS: positiveInt(60_000),
    OPENWEATHER_API_KEY: optionalString,
    OPENWEATHER_BASE_URL: z.url().default("https://api.openweathermap.org"),
    OPEN_METEO_BASE_URL: z.url().default("https://api.open-meteo.com"),
    OPEN_METEO_GEOCODING_URL: z.url().default("https://geocoding-api.open-meteo.com"),
    WEATHER_TIMEOUT_MS: positiveInt(8_000),
    // Places (OpenStreetMap). "off" turns real places off: plans and checks run without them.
    OVERPASS_URL: z
      .union([z.literal("off"), z.url({ protocol: /^https?$/ })])
      .default("https://overpass-api.de/api/interpreter"),
    PLACES_TIMEOUT_MS: positiveInt(10_000),
    // Exchange rates (the ECB's through Frankfurter, keyless). "off": costs in USD only, expenses
    // saved with the rate pending.
    FX_URL: z
      .union([z.literal("off"), z.url({ protocol: /^https?$/ })])
      .default("https://api.frankfurter.dev/v1"),
    FX_TIMEOUT_MS: positiveInt(8_000),
    // Travel times between activities (issue 46). An OSRM HTTP API v1 per profile, `{profile}` being
    // foot, bike or car (a self-hosted OSRM is one URL per profile the same way); "off": estimates.
    ROUTING_URL: z
      .union([
        z.literal("off"),
        z.string().regex(/^https?:\/\/\S+$/, "must be an http(s) URL (with {profile}) or off"),
      ])
      .default("https://routing.openstreetmap.de/routed-{profile}"),
    // Public transport through MOTIS 2 (`/api/v6/plan`); "off": no transit legs.
    TRANSIT_URL: z
      .union([z.literal("off"), z.url({ protocol: /^https?$/ })])
      .default("https://api.transitous.org"),
    ROUTING_TIMEOUT_MS: positiveInt(8_000),
    // "public": keep the public services' published pace across every instance; "none": routers of
    // one's own, asked as fast as the app needs.
    ROUTING_PACE: z
      .enum(["public", "none"], { error: "ROUTING_PACE must be public or none" })
      .default("public"),
    /** A Nominatim-compatible `/search` API for activity locations; unset means no lookups. */
    GEOCODER_URL: optionalUrl,
    MAP_TILE_URL: z
      .string()
      .regex(
        /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/,
        "must be an http(s) URL with {z}, {x} and {y}",
      )
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    MAP_ATTRIBUTION: z.string().min(1).default("© OpenStreetMap contributors"),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: z.string().default("Boundless <no-reply@boundless.local>"),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,
    CONTACT_EMAIL: z.email().default("hello@boundless.travel"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    GENERATION_RATE_LIMIT: positiveInt(20),
    // Per client address, so throwaway accounts cannot multiply the per-account limit.
    GENERATION_IP_RATE_LIMIT: positiveInt(60),
    CHAT_RATE_LIMIT: positiveInt(30),
    // Booking imports (POST /api/trips/:id/bookings/import, POST /api/bookings/import) per user per hour.
    IMPORT_RATE_LIMIT: positiveInt(30),
    // Imports per client address per hour, so throwaway accounts cannot multiply the per-user limit.
    IMPORT_IP_RATE_LIMIT: positiveInt(60),
    AUTH_RATE_LIMIT: positiveInt(10),
    EXPORT_RATE_LIMIT: positiveInt(5),
    // Per user per 10 minutes: the place search shares Overpass's two slots with everyone's planning.
    PLACES_SEARCH_RATE_LIMIT: positiveInt(60),
    // Trips created per user per hour (generation and duplicates alike), and trips kept per user.
    TRIP_CREATE_RATE_LIMIT: positiveInt(60),
    MAX_TRIPS_PER_USER: positiveInt(1000),
    // Trip invitations (each one an e-mail to any address) per user per hour.
    INVITE_RATE_LIMIT: positiveInt(20),
    // Activity lookups (GEOCODER_URL) one save may start, and one user may start per hour.
    GEOCODER_LOOKUPS_PER_SAVE: positiveInt(12),
    GEOCODER_USER_RATE_LIMIT: positiveInt(120),
    // The MCP endpoint for assistants and the OAuth authorization server behind it (issue 51); `off`
    // serves neither (an operator who wants no outside assistant, or an app on a database older than
    // migration 0016, whose OAuth tables the provider reads when auth starts).
    MCP: z
      .enum(["on", "off"], { error: "MCP must be on or off" })
      .default("on")
      .transform((v) => v === "on"),
    TRUST_PROXY: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    // The proxies whose X-Forwarded-For (and X-Request-Id) count, with TRUST_PROXY: any other peer
    // speaks only for itself, so a client reaching the port directly cannot claim an address.
    TRUSTED_PROXIES: addressRanges("127.0.0.1/8, ::1"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production") {
      for (const key of ["AUTH_SECRET", "APP_ORIGIN"] as const) {
        if (!env[key])
          ctx.addIssue({ code: "custom", path: [key], message: "is required in production" });
      }
    }
    const aiParts = [env.AI_BASE_URL, env.AI_API_KEY, env.AI_MODEL].filter(Boolean).length;
    if (aiParts === 1 || aiParts === 2) {
      // A half-configured provider would silently fall back to the offline planner: refuse instead.
      for (const key of ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL"] as const) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required when any AI_* setting is set",
          });
      }
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_ACCESS_KEY_ID"],
        message: "and S3_SECRET_ACCESS_KEY are required with S3_BUCKET",
      });
    }
  });

export type EnvInput = z.input<typeof envSchema>;
export type ParsedEnv = z.output<typeof envSchema>;
export type Env = ParsedEnv & { AUTH_SECRET: string; APP_ORIGIN: string };

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses settings from any source; the message names every bad variable. Pure, so tests use it too. */
export function parseEnv(source: Record<string, string | undefined>): ParsedEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new EnvError(`Invalid settings:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** Outside production a random secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function completeEnv(parsed: ParsedEnv): Env {
  return {
    ...parsed,
    AUTH_SECRET: parsed.AUTH_SECRET ?? devSecret(parsed.DATA_DIR),
    APP_ORIGIN: (parsed.APP_ORIGIN ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
  };
}

/** The only reader of process.env: `.env` fills gaps, real environment variables win. */
export function loadEnv(): Env {
  const fromFile = existsSync(".env") ? parseDotenv(readFileSync(".env")) : {};
  return completeEnv(parseEnv({ ...fromFile, ...process.env }));
}

export function readTestDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}
