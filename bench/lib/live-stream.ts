import http from "node:http";

/**
 * One open `GET /api/trips/:id/events` as a browser's EventSource holds it: its own socket (no
 * agent, no pooling) to 127.0.0.1, read as it arrives. It keeps only what the bench needs: when each
 * `change` version arrived (performance.now(), taken as the chunk is read), and whether the server
 * closed it.
 */
export type LiveStream = {
  /** Version → the moment its `change` event was read. */
  changes: Map<number, number>;
  /** Events of any kind read so far (ready, presence, change…). */
  events: () => number;
  /** Set when the stream ended without the bench closing it (a `revoked`, the server's close). */
  lostBecause: () => string | null;
  close: () => void;
};

/** Opens a stream and settles once its `ready` event arrived (or rejects after `timeoutMs`). */
export function openLiveStream(
  url: string,
  cookie: string,
  timeoutMs = 15_000,
): Promise<LiveStream> {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url))
    throw new Error(`the bench only opens streams to 127.0.0.1, not ${url}`);
  return new Promise((resolve, reject) => {
    const changes = new Map<number, number>();
    let count = 0;
    let lost: string | null = null;
    let closedByUs = false;
    let ready = false;
    const request = http.get(url, {
      agent: false,
      headers: { cookie, accept: "text/event-stream" },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no ready event within ${timeoutMs} ms from ${url}`));
    }, timeoutMs);
    const stream: LiveStream = {
      changes,
      events: () => count,
      lostBecause: () => lost,
      close: () => {
        closedByUs = true;
        request.destroy();
      },
    };
    const onBlock = (block: string, at: number) => {
      let event = "message";
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trimStart();
      }
      if (!data) return; // a keep-alive comment
      count++;
      if (event === "change") {
        const { version } = JSON.parse(data) as { version: number };
        if (!changes.has(version)) changes.set(version, at);
      } else if (event === "revoked") lost = "revoked";
      else if (event === "ready" && !ready) {
        ready = true;
        clearTimeout(timer);
        resolve(stream);
      }
    };
    request.once("response", (response) => {
      if (response.statusCode !== 200) {
        clearTimeout(timer);
        response.resume();
        request.destroy();
        reject(new Error(`GET ${url}: ${response.statusCode}`));
        return;
      }
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk.replaceAll("\r\n", "\n");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          onBlock(buffer.slice(0, end), at);
          buffer = buffer.slice(end + 2);
        }
      });
      response.once("close", () => {
        if (!closedByUs) lost ??= "closed by the server";
      });
    });
    request.once("error", (error) => {
      if (closedByUs) return;
      lost ??= error.message;
      if (!ready) {
        clearTimeout(timer);
        reject(error);
      }
    });
  });
}
