import type { TravelStyle } from "#shared/constants.ts";
import { onFirstUse } from "#web/lib/on-first-use.ts";

const usd = onFirstUse(
  () =>
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 2,
      minimumFractionDigits: 0,
    }),
);
// Trip dates are calendar dates: format them in UTC so no time zone shifts a day.
const day = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    }),
);
const weekday = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    }),
);

export const formatUsd = (amount: number) => usd().format(amount);
export const formatDate = (isoDate: string) => day().format(new Date(`${isoDate}T00:00:00Z`));
export const formatWeekday = (isoDate: string) =>
  weekday().format(new Date(`${isoDate}T00:00:00Z`));
export const formatDateRange = (start: string, end: string) =>
  start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;
export const styleLabel = (style: TravelStyle) => style.charAt(0).toUpperCase() + style.slice(1);
