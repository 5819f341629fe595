import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

/*
 * The memory of a first-run step "at every moment": the step runs as a process tree (npm → node →
 * vite, npm start → its server), so its peak is the largest SUM over every process of the tree at
 * one moment, sampled every 50 ms from /proc (Linux). Two sums: proportional set sizes (Pss: a page
 * shared by n processes counts 1/n in each, so the sum is the memory the machine holds for the
 * tree) and resident sizes (Rss: node's own code counts once per node process, so it errs high).
 * The largest single process (its VmHWM, exact between samples) is reported beside them.
 */

const SAMPLE_MS = 50;

function kbField(status: string, field: string): number {
  const match = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status);
  return match ? Number(match[1]) : 0;
}

/** Every live process whose ancestry includes `root` (and `root` itself), with its RSS and HWM. */
function tree(root: number): { pid: number; rssKb: number; pssKb: number; hwmKb: number }[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The command name may hold spaces and parentheses: the fields start after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parentOf.set(Number(name), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, depth = 0; p && depth < 64; depth++) {
      if (p === root) return true;
      p = parentOf.get(p);
    }
    return false;
  };
  const found: { pid: number; rssKb: number; pssKb: number; hwmKb: number }[] = [];
  for (const pid of parentOf.keys()) {
    if (!inTree(pid)) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      found.push({
        pid,
        rssKb: kbField(status, "VmRSS"),
        pssKb: kbField(rollup, "Pss"),
        hwmKb: kbField(status, "VmHWM"),
      });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export type TreePeak = {
  /** The largest sum of the tree's proportional set sizes seen at one sample: the judged figure. */
  peakPssMb: number;
  /** The largest sum of the tree's resident sizes seen at one sample (errs high). */
  peakRssSumMb: number;
  /** The largest resident size any one process of the tree reached (its VmHWM). */
  peakProcessMb: number;
  ms: number;
  exitCode: number | null;
  output: string;
};

/** Runs a command to its end and samples its process tree's memory all along. */
export function runMeasured(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<TreePeak> {
  return startMeasured(command, args, options).done;
}

/** Starts a command and samples its tree until it exits (`stop` sends it SIGTERM). */
export function startMeasured(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): { done: Promise<TreePeak>; stop: () => void; output: () => string } {
  let stop = () => {};
  let output = "";
  const done = new Promise<TreePeak>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so that stop reaches the whole tree: npm does not pass SIGTERM on.
      detached: true,
    });
    stop = () => {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    };
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    let peakRssKb = 0;
    let peakPssKb = 0;
    const hwm = new Map<number, number>();
    const sample = () => {
      if (!child.pid) return;
      let rss = 0;
      let pss = 0;
      for (const p of tree(child.pid)) {
        rss += p.rssKb;
        pss += p.pssKb;
        hwm.set(p.pid, Math.max(hwm.get(p.pid) ?? 0, p.hwmKb));
      }
      peakRssKb = Math.max(peakRssKb, rss);
      peakPssKb = Math.max(peakPssKb, pss);
    };
    const timer = setInterval(sample, SAMPLE_MS);
    const deadline = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    }, options.timeoutMs ?? 900_000);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearInterval(timer);
      clearTimeout(deadline);
      const peakProcessKb = Math.max(0, ...hwm.values());
      resolve({
        peakPssMb: peakPssKb / 1024,
        peakRssSumMb: Math.max(peakRssKb, peakProcessKb) / 1024,
        peakProcessMb: peakProcessKb / 1024,
        ms: performance.now() - started,
        exitCode: code,
        output,
      });
    });
  });
  return { done, stop: () => stop(), output: () => output };
}
