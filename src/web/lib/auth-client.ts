import { createAuthClient } from "better-auth/react";

// Same origin: the browser talks only to /api.
export const authClient = createAuthClient({ basePath: "/api/auth" });
