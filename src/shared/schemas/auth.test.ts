import { describe, expect, it } from "vitest";
import { signupSchema } from "./auth.ts";

describe("the sign-up schema", () => {
  it("signs up with e-mail and password alone, as the specification says", () => {
    const parsed = signupSchema.safeParse({ email: "ana@example.com", password: "long enough 1" });
    expect(parsed.success && parsed.data).toEqual({
      name: "",
      email: "ana@example.com",
      password: "long enough 1",
    });
  });

  it("keeps a name given, trimmed, and holds it to the profile's length", () => {
    const base = { email: "ana@example.com", password: "long enough 1" };
    expect(signupSchema.parse({ ...base, name: "  Ana Ferreira " }).name).toBe("Ana Ferreira");
    const long = signupSchema.safeParse({ ...base, name: "x".repeat(101) });
    expect(long.success ? [] : long.error.issues.map((i) => i.message)).toEqual([
      "Full name must be at most 100 characters",
    ]);
  });

  it("still asks for the e-mail and the password", () => {
    const parsed = signupSchema.safeParse({ name: "Ana" });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join("."))).toEqual([
      "email",
      "password",
    ]);
  });
});
