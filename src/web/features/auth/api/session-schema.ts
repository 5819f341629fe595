import { z } from "zod/mini";

/** Better Auth's GET /api/auth/get-session answer, as far as the app reads it (null when signed out). */
export const sessionSchema = z.nullable(
  z.object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      emailVerified: z.boolean(),
    }),
  }),
);
export type SessionPayload = z.infer<typeof sessionSchema>;
