import type { z } from "zod";
import { apiErrorSchema } from "#shared/schemas/api-error.ts";

/** An API failure with the server's user-facing message (or the caller's fallback). */
export class ApiRequestError extends Error {
  override name = "ApiRequestError";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly issues: { path: string; message: string }[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export async function toApiError(response: Response, fallback: string): Promise<ApiRequestError> {
  const retryAfter = Number(response.headers.get("Retry-After")) || undefined;
  const body: unknown = await response.json().catch(() => null);
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, issues } = parsed.data.error;
    return new ApiRequestError(message, response.status, code, issues ?? [], retryAfter);
  }
  return new ApiRequestError(fallback, response.status, "error", [], retryAfter);
}

type RequestOptions<T> = {
  method?: string;
  body?: unknown;
  schema: z.ZodType<T>;
  fallbackError: string;
  signal?: AbortSignal;
};

/** The one path every JSON call takes: same-origin /api, cookies, the error shape, a validated answer. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers: options.body === undefined ? {} : { "Content-Type": "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiRequestError(options.fallbackError, 0, "network");
  }
  if (!response.ok) throw await toApiError(response, options.fallbackError);
  if (response.status === 204) return options.schema.parse(undefined);
  return options.schema.parse(await response.json());
}

export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
