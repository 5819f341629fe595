import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { CHROMIUM_PATH } from "#tests/support/chromium.ts";

const run = promisify(execFile);
const PAGE = 4096;
const PROBE_BYTES = 256 * 1024 * 1024;

/**
 * Two facts of the machine that move Lighthouse's figures more than any change of ours: the browser's
 * version, and how long fresh memory takes to come into use. A renderer takes all its memory fresh;
 * on a virtual machine whose host backs guest memory only when first touched, the same page's total
 * blocking time was measured three times longer (docs/benchmarks.md, round nine).
 */
export async function describeMachine(): Promise<string> {
  const browser = await run(process.env.CHROME_PATH ?? CHROMIUM_PATH, ["--version"], {
    timeout: 20_000,
  }).then(
    ({ stdout }) => stdout.trim(),
    () => "no Chromium",
  );
  // Uninitialised memory is mapped lazily: writing one byte per page makes the system provide each.
  const started = performance.now();
  const probe = Buffer.allocUnsafeSlow(PROBE_BYTES);
  for (let offset = 0; offset < probe.length; offset += PAGE) probe[offset] = 1;
  const msPerGiB = ((performance.now() - started) * (1024 * 1024 * 1024)) / PROBE_BYTES;
  return `${browser}; fresh memory ${Math.round(msPerGiB)} ms per GiB first touched`;
}
