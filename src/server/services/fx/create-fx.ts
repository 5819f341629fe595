import type { Db } from "../../db/database.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../lib/logger.ts";
import { createCachedFx, type CachedFx } from "./cached-fx.ts";
import { createFrankfurter } from "./frankfurter.ts";
import { NO_FX_RATES } from "./fx-rates.ts";

/** Frankfurter at FX_URL through the database cache; none at all with FX_URL=off. */
export function createFx(env: Env, db: Db, logger: Logger): CachedFx {
  const fx =
    env.FX_URL === "off"
      ? NO_FX_RATES
      : createFrankfurter({ url: env.FX_URL, timeoutMs: env.FX_TIMEOUT_MS, logger });
  return createCachedFx({ fx, db, logger });
}
