/** The Catalogue screen's words for failures and its dollar fields. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** "5.95" → 595; anything but dollars with at most two decimals → null. */
export function dollarsToCents(value: string): number | null {
  const trimmed = value.trim().replace(/^\$/, '');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

export const centsToDollars = (cents: number | null): string => (cents === null ? '' : (cents / 100).toFixed(2));
