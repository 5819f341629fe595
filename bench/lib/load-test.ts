import autocannon, { type AutocannonResult } from "autocannon";

export type LoadFigures = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  total: number;
};

/** One autocannon run against 127.0.0.1 only, bounded by its duration. */
export async function runLoad(options: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadFigures> {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(options.url))
    throw new Error(`the bench only sends traffic to 127.0.0.1, not ${options.url}`);
  const result: AutocannonResult = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    timeout: 10,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    total: result.requests.total,
  };
}
