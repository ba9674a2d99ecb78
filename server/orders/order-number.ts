import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: order numbers are read aloud over the phone and copied from packing slips. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A short, upper-case, random order number ("VP-7KQ2M9XA"): 8 symbols of 31 give ~40 bits, so
 * an outsider cannot count sales from them, and collisions are retried by the repository.
 */
export function generateOrderNumber(): string {
  let suffix = '';
  for (let i = 0; i < 8; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `VP-${suffix}`;
}
