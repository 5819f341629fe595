import type { SessionUser } from "../auth/session.ts";
import type { AppDeps } from "../app-deps.ts";

export type AppBindings = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    clientIp: string;
    /** The socket's peer is one of TRUSTED_PROXIES (and TRUST_PROXY is on): its headers count. */
    viaTrustedProxy: boolean;
    sessionUser: SessionUser | null | undefined;
  };
};
