/**
 * Calendar days in the shop's time zone (SHOP_TIME_ZONE, an IANA name such as "Europe/London";
 * docs/decisions.md). An admin filtering "orders of 21 November" means the shop's 21
 * November, wherever the tablet's clock or the server's stands.
 */

export const DEFAULT_SHOP_TIME_ZONE = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA time zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's wall clock is ahead of UTC at instant `ms`, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant a day ('YYYY-MM-DD') begins in the zone: its midnight, or where the clocks skip
 * midnight (a few zones change at 00:00), the first instant the day has. The zone's offset changes
 * at most once around a midnight, so the offsets half a day before and after give every candidate.
 */
export function startOfShopDay(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, date);
  const candidates = [-HALF_DAY_MS, 0, HALF_DAY_MS].map((shift) => midnightAsUtc - offsetAt(midnightAsUtc + shift, timeZone));
  const starts = candidates.filter((ms) => shopDayOf(ms, timeZone) === day && shopDayOf(ms - 1, timeZone) !== day);
  return starts.length > 0 ? Math.min(...starts) : candidates[1]!;
}

const HALF_DAY_MS = 43_200_000;

/** The day after `day` ('YYYY-MM-DD'). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The shop's day ('YYYY-MM-DD') of instant `ms`. */
export function shopDayOf(ms: number, timeZone: string): string {
  return new Date(ms + offsetAt(ms, timeZone)).toISOString().slice(0, 10);
}

/**
 * The days a date filter may name (9999-12-31 threw a RangeError here, a 500 on the
 * server and the crash screen on the tablet). Wide enough for any order the shop will hold.
 */
export const SHOP_DAY_RANGE = { first: '2000-01-01', last: '2099-12-31' } as const;

/** Whether a well-formed day ('YYYY-MM-DD') lies within SHOP_DAY_RANGE. */
export function isShopDayInRange(day: string): boolean {
  return day >= SHOP_DAY_RANGE.first && day <= SHOP_DAY_RANGE.last;
}

export const dayOutOfRangeMessage = (field: string) => `${field} must be a date from ${SHOP_DAY_RANGE.first} to ${SHOP_DAY_RANGE.last}.`;
