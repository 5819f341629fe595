import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

describe("parseEnv", () => {
  it("applies the embedded defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.GENERATION_RATE_LIMIT).toBe(20);
    expect(env.DATABASE_POOL_SIZE).toBe(5);
    expect(parseEnv({ DATABASE_POOL_SIZE: "12" }).DATABASE_POOL_SIZE).toBe(12);
  });

  it("exchange rates: the public Frankfurter by default, off when asked", () => {
    expect(parseEnv({})).toMatchObject({
      FX_URL: "https://api.frankfurter.dev/v1",
      FX_TIMEOUT_MS: 8000,
    });
    expect(parseEnv({ FX_URL: "off" }).FX_URL).toBe("off");
  });

  it("names the bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: must start with postgres/,
    );
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(EnvError);
    expect(() => parseEnv({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => parseEnv({ FX_URL: "frankfurter" })).toThrow(/FX_URL/);
    expect(() => parseEnv({ FX_TIMEOUT_MS: "soon" })).toThrow(/FX_TIMEOUT_MS/);
  });

  it("requires AUTH_SECRET and APP_ORIGIN in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET[\s\S]*APP_ORIGIN/);
  });

  it("refuses a half-configured AI provider", () => {
    expect(() => parseEnv({ AI_BASE_URL: "http://127.0.0.1:1/v1" })).toThrow(/AI_API_KEY/);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ SMTP_URL: "", AI_MODEL: " " }).SMTP_URL).toBeUndefined();
  });
});
