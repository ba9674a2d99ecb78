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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$5.95" for display. */
export function formatUsd(cents: Cents): string {
  return usd.format(cents / 100);
}

/** Multiply cents by a rate in per-mille and round half-up to the cent (integer arithmetic). */
export function perMilleHalfUp(cents: Cents, perMille: number): Cents {
  return Math.floor((cents * perMille + 500) / 1000);
}
