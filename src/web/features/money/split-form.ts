import { splitParts, toMinor, type SplitKind } from "#shared/money.ts";
import type { SplitInput } from "#shared/schemas/expenses.ts";

/** The split as the form holds it: what was typed, per person, kept when the kind changes. */
export type SplitFormState = {
  kind: SplitKind;
  among: string[];
  shares: Record<string, string>;
  amounts: Record<string, string>;
};

/** A typed decimal ("12,5" as typed on many phones reads 12.5); NaN when it is not a number. */
export const readNumber = (text: string) => {
  const trimmed = text.trim().replace(",", ".");
  return trimmed === "" ? Number.NaN : Number(trimmed);
};

/** The split as the API takes it: only the people sharing, only the figures its kind uses. */
export function toSplitInput(form: SplitFormState): SplitInput {
  const pick = (values: Record<string, string>) =>
    Object.fromEntries(form.among.map((id) => [id, readNumber(values[id] ?? "")]));
  if (form.kind === "shares")
    return { kind: "shares", among: form.among, shares: pick(form.shares) };
  if (form.kind === "exact")
    return { kind: "exact", among: form.among, amounts: pick(form.amounts) };
  return { kind: "equal", among: form.among };
}

/**
 * Each person's part while the form is typed, in minor units (the server's own rounding: the parts
 * add up to the amount, the cents left over go to the largest remainders), and for exact amounts
 * what is still to assign. Null parts while the amount or a figure does not read as one.
 */
export function previewSplit(
  amountText: string,
  currency: string,
  form: SplitFormState,
): { parts: Map<string, number | null>; left: number | null } {
  const total = toMinor(readNumber(amountText), currency);
  const unknown = () => ({ parts: new Map(form.among.map((id) => [id, null])), left: null });
  if (form.kind === "exact") {
    // A figure not typed yet counts as nothing assigned; one that does not read as money stops the sum.
    const typed = form.among.map((id) => {
      const text = (form.amounts[id] ?? "").trim();
      return [id, text === "" ? null : toMinor(readNumber(text), currency), text !== ""] as const;
    });
    const parts = new Map<string, number | null>(typed.map(([id, part]) => [id, part]));
    const readable = typed.every(([, part, given]) => !given || part !== null);
    const sum = typed.reduce((acc, [, part]) => acc + (part ?? 0), 0);
    return { parts, left: total !== null && total > 0 && readable ? total - sum : null };
  }
  if (total === null || total <= 0 || form.among.length === 0) return unknown();
  const split = toSplitInput(form);
  if (split.kind === "shares") {
    const weights = Object.values(split.shares ?? {});
    if (weights.some((w) => !Number.isInteger(w) || w < 0) || weights.every((w) => w === 0))
      return unknown();
  }
  return { parts: splitParts(total, split, currency), left: null };
}
