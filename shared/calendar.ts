/**
 * The teacher's calendar: the business keeps Cairo's days (the sales page's ranges, its revenue by
 * day). The server and the page both count days here, so a teacher whose browser keeps another
 * zone, or the hours after 22:00 UTC when Cairo is already on tomorrow, see the same days.
 */
export const BUSINESS_TIME_ZONE = 'Africa/Cairo';

const DAY_MS = 24 * 60 * 60 * 1000;
const cairo = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Cairo calendar day (YYYY-MM-DD) of an instant. */
export function cairoDay(d: Date): string {
  const parts = cairo.formatToParts(d);
  const part = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar day (YYYY-MM-DD) moved by n days. */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
