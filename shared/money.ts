/**
 * The one place where money changes representation. Inside the app money is integer cents;
 * at the JSON edge (request and response bodies, spec.md) it is dollars with two decimals.
 */
export type Cents = number;

/** Dollars as sent by a client (5.95) to integer cents (595). Rounds away float noise. */
export function toCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

/** Integer cents to the dollars number used in JSON bodies (595 -> 5.95). */
export function toDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** True when a dollar amount has at most two decimals, i.e. is a whole number of cents. */
export function isWholeCents(dollars: number): boolean {
  return Number.isFinite(dollars) && Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/**
 * "$5.95", "$1,234.56", "-$5.00" for display: what Intl.NumberFormat('en-US', USD) prints, written
 * out because building that formatter loads the locale data, a long pause on a phone's first load.
 */
export function formatUsd(cents: Cents): string {
  const whole = Math.abs(Math.round(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 && whole ? '-' : ''}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

/** Multiply cents by a rate in per-mille and round half-up to the cent (integer arithmetic). */
export function perMilleHalfUp(cents: Cents, perMille: number): Cents {
  return Math.floor((cents * perMille + 500) / 1000);
}
