import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";

const betterAuthErrorSchema = z.object({ code: z.string().optional(), message: z.string() });

// Better Auth's codes that deserve words of their own; anything else uses the caller's fallback.
const BY_CODE: Record<string, string> = {
  INVALID_PASSWORD: "Current password is incorrect",
  PASSWORD_TOO_SHORT: "New password is too short",
  PASSWORD_TOO_LONG: "New password is too long",
};

/**
 * Calls Better Auth's own routes under /api/auth (same origin, cookies). Its error body is
 * `{ code, message }`, not ours, so it is read here and turned into the app's ApiRequestError.
 */
export async function betterAuthRequest<T>(
  path: string,
  options: { method?: "GET" | "POST"; body?: unknown; schema: z.ZodType<T>; fallback: string },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers: options.body === undefined ? {} : { "Content-Type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiRequestError(options.fallback, 0, "network");
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get("Retry-After")) || undefined;
    if (response.status === 429)
      throw new ApiRequestError(MESSAGES.rateLimited, 429, "rate_limited", [], retryAfter);
    const parsed = betterAuthErrorSchema.safeParse(await response.json().catch(() => null));
    const code = parsed.success ? (parsed.data.code ?? "error") : "error";
    throw new ApiRequestError(BY_CODE[code] ?? options.fallback, response.status, code);
  }
  return options.schema.parse(await response.json());
}
