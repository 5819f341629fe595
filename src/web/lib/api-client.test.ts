import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiRequestError, apiRequest, lazySchema } from "./api-client.ts";

const answer = (body: unknown) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        }),
      ),
    ),
  );
afterEach(() => vi.unstubAllGlobals());

const tripSchema = z.object({ trip: z.object({ id: z.string() }) });

describe("apiRequest with a schema loaded on first use (lazySchema)", () => {
  it("checks the answer with the loaded schema, loading it once for every request", async () => {
    answer({ trip: { id: "a" } });
    const load = vi.fn(() => Promise.resolve(tripSchema));
    const schema = lazySchema(load);
    const options = { schema, fallbackError: "Failed to load trip" };
    expect(await apiRequest("/trips/a", options)).toEqual({ trip: { id: "a" } });
    expect(await apiRequest("/trips/a", options)).toEqual({ trip: { id: "a" } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("an answer the schema refuses is still refused", async () => {
    answer({ trip: { id: 42 } });
    const schema = lazySchema(() => Promise.resolve(tripSchema));
    await expect(apiRequest("/trips/a", { schema, fallbackError: "x" })).rejects.toThrow();
  });

  it("a schema that cannot be fetched is the request's failure, and is fetched again next time", async () => {
    answer({ trip: { id: "a" } });
    const load = vi
      .fn<() => Promise<typeof tripSchema>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(tripSchema);
    const schema = lazySchema(load);
    const failed = await apiRequest("/trips/a", {
      schema,
      fallbackError: "Failed to load trip",
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiRequestError);
    expect(failed).toMatchObject({ message: "Failed to load trip", status: 0, code: "network" });
    expect(await apiRequest("/trips/a", { schema, fallbackError: "x" })).toEqual({
      trip: { id: "a" },
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("the schema is asked for before the answer arrives, not after", async () => {
    const order: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(() => {
        order.push("request");
        return Promise.resolve(new Response(JSON.stringify({ trip: { id: "a" } })));
      }),
    );
    const schema = lazySchema(() => {
      order.push("schema");
      return Promise.resolve(tripSchema);
    });
    await apiRequest("/trips/a", { schema, fallbackError: "x" });
    expect(order).toEqual(["schema", "request"]);
  });
});

describe("apiRequest's hook for one error status", () => {
  const failWith = (status: number, body: unknown) =>
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
    );
  class Conflict extends Error {}
  const onStatus = {
    status: 409,
    toError: async (response: Response) => new Conflict(JSON.stringify(await response.json())),
  };

  it("turns that status into the caller's error, with the answer's body", async () => {
    failWith(409, { trip: { id: "now" } });
    const failed = await apiRequest("/trips/a", {
      method: "PATCH",
      body: {},
      schema: tripSchema,
      fallbackError: "Failed to save trip",
      onStatus,
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Conflict);
    expect((failed as Error).message).toBe('{"trip":{"id":"now"}}');
  });

  it("leaves other statuses to the usual error", async () => {
    failWith(422, { error: { code: "invalid_input", message: "Bad dates" } });
    const failed = await apiRequest("/trips/a", {
      method: "PATCH",
      body: {},
      schema: tripSchema,
      fallbackError: "Failed to save trip",
      onStatus,
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiRequestError);
    expect(failed).toMatchObject({ message: "Bad dates", status: 422 });
  });
});
