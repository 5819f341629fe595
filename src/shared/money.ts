import { code as currencyRecord } from "currency-codes";
import { countries } from "countries-list";
import { countryCodeOf } from "./country-code.ts";

/**
 * Money as integer minor units (cents, yen, fils) end to end: the wire carries decimals (84.5 EUR),
 * everything in between counts whole minor units so parts add up exactly, never floats.
 */

// Codes that name no money people pay with (precious metals, testing, "no currency", and the funds
// and units of account: Bolivia's Mvdol, the next-day dollar, the Swiss WIR units, Chile's UF,
// Colombia's UVR, Mexico's UDI, Uruguay's indexed units): never a place's, an expense's or a payment's.
const NOT_MONEY = new Set([
  "BOV",
  "CHE",
  "CHW",
  "CLF",
  "COU",
  "MXV",
  "USN",
  "USS",
  "UYI",
  "UYW",
  "XAG",
  "XAU",
  "XBA",
  "XBB",
  "XBC",
  "XBD",
  "XDR",
  "XPD",
  "XPT",
  "XSU",
  "XTS",
  "XUA",
  "XXX",
]);

/** True for an ISO 4217 code of real money ("EUR", "JPY"). */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && !NOT_MONEY.has(code) && currencyRecord(code) !== undefined;
}

/** The currency's own number of decimals (JPY 0, USD 2, BHD 3); null for a code that is not money. */
export function currencyDecimals(code: string): number | null {
  if (!isCurrencyCode(code)) return null;
  return currencyRecord(code)?.digits ?? null;
}

const decimalsOf = (currency: string) => currencyDecimals(currency) ?? 2;

/**
 * 84.5 EUR → 8450: the amount in minor units, exactly (read from the number's shortest decimal text,
 * not by multiplying a float). Null when it has more decimals than the currency has, is not finite,
 * or is too large to count in whole units safely.
 */
export function toMinor(amount: number | string, currency: string): number | null {
  const decimals = currencyDecimals(currency);
  if (decimals === null) return null;
  const text =
    typeof amount === "number" ? (Number.isFinite(amount) ? String(amount) : "") : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign = "", whole = "0", rawFraction = ""] = match;
  const fraction = rawFraction.replace(/0+$/, "");
  if (fraction.length > decimals) return null;
  const minor = Number(whole + fraction.padEnd(decimals, "0"));
  if (!Number.isSafeInteger(minor)) return null;
  return sign === "-" ? -minor : minor;
}

/** 8450 EUR minor units → 84.5: the decimal the wire carries (exact for any safe count of cents). */
export function fromMinor(minor: number, currency: string): number {
  const decimals = decimalsOf(currency);
  return Number((minor / 10 ** decimals).toFixed(decimals));
}

/** "€84.00", "¥1,200", "$25.00" (English formatting, the currency's own decimals). */
export function formatMoney(minor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  return new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(fromMinor(minor, currency));
}

/**
 * The currency a country pays in, from its name ("France") or ISO code ("FR"): the first of the
 * country's currencies that is ISO 4217 money (Switzerland lists CHF, then CHE and CHW). Null when
 * the country is unknown.
 */
export function currencyOfCountry(country: string | null | undefined): string | null {
  const iso = countryCodeOf(country);
  if (!iso) return null;
  const entry = (countries as Record<string, { currency: string[] } | undefined>)[iso];
  return entry?.currency.find(isCurrencyCode) ?? null;
}

/**
 * USD → currency rate (1 USD = `rate` units) applied backwards: the amount in US cents, rounded half
 * away from zero. Same-currency amounts stay exact.
 */
export function toUsdCents(minor: number, currency: string, rate: number): number {
  if (currency === "USD") return minor;
  const units = minor / 10 ** decimalsOf(currency);
  const cents = (units / rate) * 100;
  return Math.sign(cents) * Math.round(Math.abs(cents) + Number.EPSILON * Math.abs(cents));
}

/**
 * `minor` units of `from` in `to`'s minor units, through rates against the US dollar (1 USD = rate
 * units; USD's own is 1), rounded half away from zero once. Exact (no rate used) when the two are one.
 */
export function convertMinor(
  minor: number,
  from: string,
  fromRate: number,
  to: string,
  toRate: number,
): number {
  if (from === to) return minor;
  const units = (minor / 10 ** decimalsOf(from) / fromRate) * toRate;
  const scaled = units * 10 ** decimalsOf(to);
  return Math.sign(scaled) * Math.round(Math.abs(scaled) + Number.EPSILON * Math.abs(scaled));
}

/** USD cents → another currency's minor units at a USD → currency rate ("≈ €23"). */
export function fromUsdCents(cents: number, currency: string, rate: number): number {
  if (currency === "USD") return cents;
  const units = (cents / 100) * rate;
  return Math.round(units * 10 ** decimalsOf(currency));
}

/**
 * Splits `total` (whole minor units, >= 0) in proportion to `weights` (>= 0, not all 0) so the parts
 * add up to exactly `total`: each part gets its floor, then the leftover units go one each to the
 * largest remainders (ties to the earlier index, so callers sort for a stable answer).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0 || sum <= 0) return weights.map(() => 0);
  // Scaled integer arithmetic where it fits: exact remainders, no float ties.
  const exact = weights.every(Number.isSafeInteger) && Number.isSafeInteger(total * sum);
  const parts = weights.map((w) => {
    const part = Math.floor((total * w) / sum);
    // A float quotient a hair below a whole number can round up to it: step back when it did.
    return exact && part * sum > total * w ? part - 1 : part;
  });
  const remainders = weights.map((w, i) =>
    exact ? total * w - (parts[i] ?? 0) * sum : (total * w) / sum - (parts[i] ?? 0),
  );
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = remainders
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r - a.r || a.i - b.i)
    .map(({ i }) => i);
  for (const i of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}

export const SPLIT_KINDS = ["equal", "shares", "exact"] as const;
export type SplitKind = (typeof SPLIT_KINDS)[number];

/** An expense's split as the API carries it; `amounts` in the expense's currency, as decimals. */
export interface Split {
  kind: SplitKind;
  among: string[];
  shares?: Record<string, number> | undefined;
  amounts?: Record<string, number> | undefined;
}

/**
 * Each person's part of `total` minor units under the split. `equal`: the same weight each;
 * `shares`: the given weights; `exact`: the given amounts, scaled to `total` (for an expense in its own
 * currency the parts are the amounts themselves; converted to USD they stay in proportion). Parts
 * add up to `total`, in the order of the people sorted by id (any order of `among` gives the same).
 */
export function splitParts(total: number, split: Split, currency: string): Map<string, number> {
  const people = [...new Set(split.among)].sort();
  const weights = people.map((id) => {
    if (split.kind === "shares") return split.shares?.[id] ?? 0;
    if (split.kind === "exact") return toMinor(split.amounts?.[id] ?? 0, currency) ?? 0;
    return 1;
  });
  const parts = allocate(total, weights);
  return new Map(people.map((id, i) => [id, parts[i] ?? 0]));
}

/**
 * One converted expense for the balances: who paid, how much in the settlement currency's minor
 * units (`amountUsdCents` when that currency is the dollar), split how.
 */
export interface BalanceExpense {
  paidBy: string;
  amountUsdCents: number;
  currency: string;
  split: Split;
}

export interface MemberBalance {
  userId: string;
  /** What they paid, in minor units of the settlement currency. */
  paid: number;
  /** Their part of what was spent, in minor units of the settlement currency. */
  share: number;
  /** paid − share: above 0 they are owed, below 0 they owe. */
  net: number;
}

/**
 * Who paid what and owes what, in US cents, for the given people (members and anyone an expense
 * names). Each expense's USD amount is split so its parts add up to it: the nets add up to exactly 0.
 */
export function computeBalances(
  userIds: readonly string[],
  expenses: readonly BalanceExpense[],
): MemberBalance[] {
  const rows = new Map<string, MemberBalance>();
  const row = (userId: string) => {
    let found = rows.get(userId);
    if (!found) {
      found = { userId, paid: 0, share: 0, net: 0 };
      rows.set(userId, found);
    }
    return found;
  };
  for (const id of userIds) row(id);
  for (const expense of expenses) {
    row(expense.paidBy).paid += expense.amountUsdCents;
    // The split's weights are in the expense's currency; the USD amount is what gets divided.
    for (const [id, part] of splitParts(expense.amountUsdCents, expense.split, expense.currency))
      row(id).share += part;
  }
  for (const r of rows.values()) r.net = r.paid - r.share;
  return [...rows.values()];
}

/** A payment between two people (minor units of the settlement currency): `from` gave `to` money. */
export interface BalancePayment {
  from: string;
  to: string;
  amount: number;
}

/**
 * The balances after payments: paying someone back lowers what the payer owes and what the payee
 * is owed by exactly the amount; paid and share (what was spent) do not change. Nets still add up to 0.
 */
export function applyPayments(
  balances: readonly MemberBalance[],
  payments: readonly BalancePayment[],
): MemberBalance[] {
  const rows = new Map(balances.map((b) => [b.userId, { ...b }]));
  const row = (userId: string) => {
    let found = rows.get(userId);
    if (!found) {
      found = { userId, paid: 0, share: 0, net: 0 };
      rows.set(userId, found);
    }
    return found;
  };
  for (const payment of payments) {
    row(payment.from).net += payment.amount;
    row(payment.to).net -= payment.amount;
  }
  return [...rows.values()];
}

export interface Transfer {
  from: string;
  to: string;
  /** US cents. */
  amount: number;
}

// Above this many people with a non-zero net, the exact search (2^n subsets) gives way to the
// greedy pairing, which still needs at most people − 1 transfers.
const EXACT_SETTLE_LIMIT = 16;

function greedySettle(nets: readonly { userId: string; net: number }[]): Transfer[] {
  const owed = nets.filter((n) => n.net > 0).map((n) => ({ ...n }));
  const owing = nets.filter((n) => n.net < 0).map((n) => ({ userId: n.userId, net: -n.net }));
  const byAmount = (a: { net: number; userId: string }, b: { net: number; userId: string }) =>
    b.net - a.net || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
  const transfers: Transfer[] = [];
  for (;;) {
    owed.sort(byAmount);
    owing.sort(byAmount);
    const to = owed[0];
    const from = owing[0];
    if (!to || !from || to.net === 0 || from.net === 0) break;
    const amount = Math.min(to.net, from.net);
    transfers.push({ from: from.userId, to: to.userId, amount });
    to.net -= amount;
    from.net -= amount;
  }
  return transfers;
}

/**
 * The fewest transfers that bring every net (US cents, adding up to 0) to 0. The fewest is
 * people − (the most groups that each add up to 0): found exactly over subsets, then each group is
 * settled with group size − 1 transfers, largest debts first. Deterministic for the same nets.
 */
export function settle(nets: readonly { userId: string; net: number }[]): Transfer[] {
  const open = nets
    .filter((n) => n.net !== 0)
    .slice()
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const n = open.length;
  if (n === 0) return [];
  if (n > EXACT_SETTLE_LIMIT) return greedySettle(open);
  const full = (1 << n) - 1;
  const sums = new Array<number>(full + 1).fill(0);
  for (let mask = 1; mask <= full; mask++) {
    const low = mask & -mask;
    const bit = 31 - Math.clz32(low);
    sums[mask] = (sums[mask ^ low] ?? 0) + (open[bit]?.net ?? 0);
  }
  // best[mask]: the most zero-sum groups mask can be cut into (mask itself adding up to 0).
  const best = new Array<number>(full + 1).fill(-1);
  const choice = new Array<number>(full + 1).fill(0);
  best[0] = 0;
  for (let mask = 1; mask <= full; mask++) {
    if (sums[mask] !== 0) continue;
    // The group holding mask's lowest member: any zero-sum sub-mask containing it.
    const low = mask & -mask;
    const rest = mask ^ low;
    for (let sub = rest; ; sub = (sub - 1) & rest) {
      const group = sub | low;
      if (sums[group] === 0) {
        const others = best[mask ^ group] ?? -1;
        if (others >= 0 && others + 1 > (best[mask] ?? -1)) {
          best[mask] = others + 1;
          choice[mask] = group;
        }
      }
      if (sub === 0) break;
    }
  }
  if ((best[full] ?? -1) < 0) return greedySettle(open);
  const transfers: Transfer[] = [];
  for (let mask = full; mask !== 0;) {
    const group = choice[mask] ?? mask;
    transfers.push(...greedySettle(open.filter((_, i) => (group >> i) & 1)));
    mask ^= group;
  }
  return transfers;
}
