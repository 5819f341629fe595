import { openAppDatabase } from "../src/server/deps.ts";
import { loadEnv } from "../src/server/env.ts";
import { forgetRates } from "../src/server/services/fx/forget-rates.ts";

// `npm run fx:forget -- 2024-03-05`: drops the stored exchange rates of that day, for an operator
// who finds them wrong; the next expense of the day asks the provider again. Running instances keep
// what they already hold in memory until they restart.
const date = process.argv[2] ?? "";
if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
  console.error("Usage: npm run fx:forget -- YYYY-MM-DD");
  process.exit(2);
}
const database = await openAppDatabase(loadEnv());
try {
  const dropped = await forgetRates(database.db, date);
  console.log(`Forgot the stored rates of ${date} (${dropped} row(s)).`);
} finally {
  await database.close();
}
