import { priceOf } from './catalog';
import { perMilleHalfUp, type Cents } from './money';

/** spec.md §9 reading A: shipping is free from a $2 subtotal (see docs/decisions.md). */
export const DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS: Cents = 200;
/** spec.md §9 reading B, the checkout benefits box: free shipping over $25. */
export const BENEFITS_BOX_FREE_SHIPPING_THRESHOLD_CENTS: Cents = 2500;
export const SHIPPING_FEE_CENTS: Cents = 499;
export const TAX_RATE_PER_MILLE = 85;

export type DiscountType = 'percentage' | 'fixed' | 'shipping';
/**
 * A discount code as the server resolved it (server/discounts/): the codes live in the database,
 * managed in the admin. `value`: percent off (percentage), cents off (fixed), unused (shipping).
 */
export interface Discount {
  code: string;
  type: DiscountType;
  value: number;
}

export const INVALID_DISCOUNT_MESSAGE = 'Invalid discount code';

/** Codes are case-insensitive: compared and stored in capitals. */
export function normaliseDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A line priced at its own unit price, or else at its variant's price in the live catalogue. */
export interface PricedLine {
  quantity: number;
  device?: string;
  unitPriceCents?: number;
}

export interface Totals {
  subtotal: Cents;
  discount: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
  discountCode: string | null;
}

export interface PricingOptions {
  /** The resolved code (never a bare string: whether a code exists is the server's answer). */
  discount?: Discount | null;
  freeShippingThresholdCents?: Cents;
}

/**
 * Totals of a cart from the catalogue price, never from client prices. Discounts come off the
 * subtotal before shipping and tax; tax is 8.5 % of (discounted subtotal + shipping), half-up.
 */
export function computeTotals(lines: readonly PricedLine[], options: PricingOptions = {}): Totals {
  const threshold = options.freeShippingThresholdCents ?? DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS;
  const subtotal = lines.reduce((sum, line) => sum + (line.unitPriceCents ?? priceOf(line.device ?? '').priceCents) * line.quantity, 0);
  const discountRule = options.discount ?? undefined;

  let discount = 0;
  if (discountRule?.type === 'percentage') discount = perMilleHalfUp(subtotal, discountRule.value * 10);
  if (discountRule?.type === 'fixed') discount = Math.min(subtotal, discountRule.value);

  const discounted = subtotal - discount;
  let shipping = subtotal === 0 || subtotal >= threshold ? 0 : SHIPPING_FEE_CENTS;
  if (discountRule?.type === 'shipping') shipping = 0;

  const tax = perMilleHalfUp(discounted + shipping, TAX_RATE_PER_MILLE);
  return {
    subtotal,
    discount,
    shipping,
    tax,
    total: discounted + shipping + tax,
    discountCode: discountRule?.code ?? null,
  };
}
