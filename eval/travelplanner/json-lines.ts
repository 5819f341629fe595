import { readFileSync } from "node:fs";
import path from "node:path";
import { DATASET_DIR } from "./sandbox.ts";

/**
 * Reads a JSON-lines file (one JSON value a line, blank lines skipped), as the benchmark ships its
 * queries and the official results. A relative path is taken inside the dataset folder.
 */
export function readJsonLines(file: string): unknown[] {
  const full = path.isAbsolute(file) ? file : path.join(DATASET_DIR, file);
  return readFileSync(full, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as unknown);
}

/** The 566 train plans scored by the unmodified official evaluator. */
export const OFFICIAL_RESULTS_FILE = path.join("fixtures", "official-results-train.jsonl");
/** The 45 train queries with their human plans. */
export const TRAIN_QUERIES_FILE = path.join("train", "queries.jsonl");
