import { currencyDecimals } from "#shared/money.ts";

// Formatters made once per currency: a NumberFormat is costly to build, and a list formats the same
// few currencies many times. Intl is fine here: this code loads with the Money tab, not the page.
const formatters = new Map<string, Intl.NumberFormat>();

const formatterFor = (currency: string) => {
  let found = formatters.get(currency);
  if (!found) {
    const digits = currencyDecimals(currency) ?? 2;
    found = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(currency, found);
  }
  return found;
};

/** An amount in its currency's own decimals: "€84.50", "¥1,200", "$25.00". */
export const formatAmount = (amount: number, currency: string) =>
  formatterFor(currency).format(amount);

/** US dollars, cents exact (balances, transfers, amounts converted). */
export const formatDollars = (amount: number) => formatAmount(amount, "USD");
