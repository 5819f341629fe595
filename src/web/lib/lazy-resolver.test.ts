import type { Resolver, ResolverResult } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { lazyResolver } from "./lazy-resolver.ts";

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;

/** A resolver that refuses an empty name, as a zod resolver would. */
const nameRequired: Resolver<Values, unknown, Values> = (values) =>
  Promise.resolve<ResolverResult<Values, Values>>(
    values.name
      ? { values, errors: {} }
      : { values: {}, errors: { name: { type: "too_small", message: "Name is required" } } },
  );

describe("lazyResolver", () => {
  it("loads the schema once, on the first check, and answers as the loaded resolver does", async () => {
    let loads = 0;
    const resolver = lazyResolver<Values, Values>(() => {
      loads++;
      return Promise.resolve(nameRequired);
    });
    expect(loads).toBe(0);
    const [refused, accepted] = await Promise.all([
      resolver({ name: "" }, undefined, options),
      resolver({ name: "Ada" }, undefined, options),
    ]);
    expect(refused.errors.name?.message).toBe("Name is required");
    expect(accepted).toEqual({ values: { name: "Ada" }, errors: {} });
    resolver.preload();
    await resolver({ name: "Ada" }, undefined, options);
    expect(loads).toBe(1);
  });

  it("tries again after a failed fetch instead of keeping the failure", async () => {
    let loads = 0;
    const resolver = lazyResolver<Values, Values>(() => {
      loads++;
      return loads === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(nameRequired);
    });
    await expect(resolver({ name: "" }, undefined, options)).rejects.toThrow("offline");
    const answer = await resolver({ name: "" }, undefined, options);
    expect(answer.errors.name?.message).toBe("Name is required");
    expect(loads).toBe(2);
  });

  it("preload starts the fetch ahead of the first check and swallows its failure", async () => {
    let loads = 0;
    const resolver = lazyResolver<Values, Values>(() => {
      loads++;
      return Promise.reject(new Error("offline"));
    });
    resolver.preload();
    expect(loads).toBe(1);
    await Promise.resolve();
    await expect(resolver({ name: "Ada" }, undefined, options)).rejects.toThrow("offline");
  });
});
