import { formatUsd, toCents } from '../../../../shared/money';

/** Dollars (as in API bodies) for display, through the shared money formatter. */
export function formatDollars(dollars: number): string {
  return formatUsd(toCents(dollars));
}

// One formatter each, made once: toLocaleDateString builds a new one on every call, which was the
// largest script cost of redrawing the order table on a search keystroke (docs/benchmarks.md).
const DATES = new Map<string | undefined, Intl.DateTimeFormat>();
const dateFormat = (timeZone?: string) => {
  let format = DATES.get(timeZone);
  if (!format) DATES.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone })));
  return format;
};
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The day of `iso`, in `timeZone` (the shop's, where the day must agree with the date filter) or the device's. */
export function formatDate(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat(timeZone).format(date);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : DATE_TIME.format(date);
}
