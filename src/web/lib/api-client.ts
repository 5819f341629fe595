import type { core } from "zod/mini";
import { takeEarlyResponse } from "./early-requests.ts";
import { loadOnce } from "./load-once.ts";

export type OverBudgetBreakdown = {
  journeys: number;
  stays: number;
  meals: number;
  activities: number;
  total: number;
  budget: number;
};

// zod (its core is about 14 KB gzip) is imported with the first answer to check, not with the page:
// nothing on the first paint needs it, and the request it checks is in flight meanwhile. The
// functional parse of zod/mini takes classic and mini schemas alike (both are zod core schemas).
const loadZod = () => import("./zod-parse.ts");
type ZodParse = Awaited<ReturnType<typeof loadZod>>;

/** An API failure with the server's user-facing message (or the caller's fallback). */
export class ApiRequestError extends Error {
  override name = "ApiRequestError";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly issues: { path: string; message: string }[] = [],
    readonly retryAfterSeconds?: number,
    /** `over_budget` (issue 47): the cheapest plan's parts in USD, and the budget it exceeds. */
    readonly breakdown?: OverBudgetBreakdown,
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
    const { code, message, issues, breakdown } = parsed.data.error;
    return new ApiRequestError(message, response.status, code, issues ?? [], retryAfter, breakdown);
  }
  return new ApiRequestError(fallback, response.status, "error", [], retryAfter);
}

/** A schema fetched with its first use (lazySchema): the module that defines it is not loaded before. */
export type SchemaLoader<T> = () => Promise<core.$ZodType<T>>;

/**
 * A shared schema loaded when a request first needs it, in parallel with that request:
 * `lazySchema(async () => (await import("#shared/schemas/trip.ts")).tripResponseSchema)`. Importing
 * a schema module builds every zod schema in it, one long task on a phone; a page that imports the
 * module statically pays for it before it can show anything. A failed load is tried again next time.
 */
export function lazySchema<T>(load: SchemaLoader<T>): SchemaLoader<T> {
  return loadOnce(load);
}

type RequestOptions<T> = {
  method?: string;
  body?: unknown;
  schema: core.$ZodType<T> | SchemaLoader<T>;
  fallbackError: string;
  signal?: AbortSignal;
  /**
   * One error status whose body means more than a message (a 409 carrying the current trip): its
   * answer becomes the caller's own error. Every other failure takes the usual path.
   */
  onStatus?: { status: number; toError: (response: Response) => Promise<Error> };
};

/** The one path every JSON call takes: same-origin /api, cookies, the error shape, a validated answer. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const schema = typeof options.schema === "function" ? options.schema() : options.schema;
  // Awaited below; a failure before that (the request's own) must not leave it unhandled.
  if (schema instanceof Promise) schema.catch(() => undefined);
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
  if (!response.ok) {
    if (response.status === options.onStatus?.status)
      throw await options.onStatus.toError(response);
    throw await toApiError(response, options.fallbackError);
  }
  let checked: [ZodParse, core.$ZodType<T>];
  try {
    checked = await Promise.all([loadZod(), schema]);
  } catch {
    // The schema's code could not be fetched: offline, or a deploy replaced it.
    throw new ApiRequestError(options.fallbackError, 0, "network");
  }
  const [{ parse }, resolved] = checked;
  if (response.status === 204) return parse(resolved, undefined);
  return parse(resolved, await response.json());
}

export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
