import { request } from "node:http";

/**
 * A GET over a real socket with exactly the headers given, Host included (fetch sets Host from the
 * URL): what a browser on a rebound name, or a hand-written client, sends.
 */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
