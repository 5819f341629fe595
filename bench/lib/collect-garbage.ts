import { spawn } from "node:child_process";

// A child with Node's WebSocket client (flagged in Node 20): asks the inspector for a full GC.
const CLIENT = `
const ws = new WebSocket(process.argv[1]);
ws.onopen = () => ws.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" }));
ws.onmessage = (m) => {
  if (JSON.parse(m.data).id === 1) { ws.close(); process.exit(0); }
};
ws.onerror = () => process.exit(1);
setTimeout(() => process.exit(2), 15000).unref();
`;

/**
 * A full garbage collection in a server started with `--inspect=127.0.0.1:<port>`, through the
 * DevTools protocol (HeapProfiler.collectGarbage): resident memory read afterwards is what the live
 * objects hold, not whatever garbage the last requests left and V8 has not collected yet.
 */
export async function collectGarbage(inspectPort: number): Promise<void> {
  const list = await fetch(`http://127.0.0.1:${inspectPort}/json/list`, {
    signal: AbortSignal.timeout(5_000),
  });
  const [target] = (await list.json()) as { webSocketDebuggerUrl: string }[];
  if (!target) throw new Error(`no inspector target on 127.0.0.1:${inspectPort}`);
  const child = spawn(
    process.execPath,
    ["--experimental-websocket", "--no-warnings", "-e", CLIENT, target.webSocketDebuggerUrl],
    { stdio: "ignore" },
  );
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the inspector's collectGarbage failed (${code})`);
}
