/** Calendar-date helpers in UTC, so tests do not depend on the machine's time zone. */
export const addDays = (isoDate: string, days: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d;
};
export const formatISO = (d: Date) => d.toISOString().slice(0, 10);
