import { grouped } from "../format.ts";

// en-US symbols for the currencies whose symbol differs from their code (Intl's default "symbol"
// display); every other currency reads as its code and a no-break space ("CHF 23"), as Intl writes it.
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  AUD: "A$",
  BRL: "R$",
  CAD: "CA$",
  CNY: "CN¥",
  EUR: "€",
  GBP: "£",
  HKD: "HK$",
  ILS: "₪",
  INR: "₹",
  JPY: "¥",
  KRW: "₩",
  MXN: "MX$",
  NZD: "NZ$",
  PHP: "₱",
  TWD: "NT$",
  USD: "$",
  VND: "₫",
  XAF: "FCFA",
  XCD: "EC$",
  XOF: "F\u202fCFA",
  XPF: "CFPF",
};

/**
 * A local amount in whole units, as an approximation reads (`€23`, `¥3,680`, `CHF 23`): the rate
 * is a day's reference rate, so cents would claim a precision it does not have.
 */
export function formatWholeCurrency(amount: number, currency: string) {
  const whole = grouped(String(Math.round(Math.abs(amount))));
  const symbol = CURRENCY_SYMBOLS[currency];
  // A symbol that ends in a letter ("FCFA") is set apart from the digits, as a code is.
  const prefix = symbol ?? currency;
  const text = /\p{L}$/u.test(prefix) ? `${prefix}\u00a0${whole}` : `${prefix}${whole}`;
  return amount < 0 && whole !== "0" ? `-${text}` : text;
}
