import type { core } from "zod/mini";
import { takeEarlyResponse } from "./early-requests.ts";

// zod (its core is about 14 KB gzip) is imported with the first answer to check, not with the page:
// nothing on the first paint needs it, and the request it checks is in flight meanwhile. The
// functional parse of zod/mini takes classic and mini schemas alike (both are zod core schemas).
const loadZod = () => import("./zod-parse.ts");

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
  const [{ safeParse }, { apiErrorSchema }] = await Promise.all([
    loadZod(),
    import("#shared/schemas/api-error.ts"),
  ]);
  const parsed = safeParse(apiErrorSchema, body);
  if (parsed.success) {
    const { code, message, issues } = parsed.data.error;
    return new ApiRequestError(message, response.status, code, issues ?? [], retryAfter);
  }
  return new ApiRequestError(fallback, response.status, "error", [], retryAfter);
}

type RequestOptions<T> = {
  method?: string;
  body?: unknown;
  schema: core.$ZodType<T>;
  fallbackError: string;
  signal?: AbortSignal;
};

/** The one path every JSON call takes: same-origin /api, cookies, the error shape, a validated answer. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  let response: Response;
  try {
    const early =
      options.method === undefined && options.body === undefined
        ? await takeEarlyResponse(`/api${path}`)
        : undefined;
    response =
      early ??
      (await fetch(`/api${path}`, {
        method: options.method ?? "GET",
        credentials: "same-origin",
        headers: options.body === undefined ? {} : { "Content-Type": "application/json" },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }));
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiRequestError(options.fallbackError, 0, "network");
  }
  if (!response.ok) throw await toApiError(response, options.fallbackError);
  const { parse } = await loadZod();
  if (response.status === 204) return parse(options.schema, undefined);
  return parse(options.schema, await response.json());
}

export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
