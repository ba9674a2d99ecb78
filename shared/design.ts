/**
 * What the shopper designed, one shape everywhere: the cart line (web/db/db.ts CartLine), the order
 * item (server NewOrderItem) and the payment's snapshot (its items are order items). The type is
 * inferred from the checked cart item (shared/schemas/cart.ts); this module imports it as a type
 * only, so the shop's first load does not carry the schema for it.
 */
import type { CartItem } from './schemas/cart';

/** The fields that make two lines the same item (spec.md §4): what is printed, and on what. */
export const DESIGN_FIELDS = ['device', 'caseType', 'text', 'color', 'font', 'fontSize', 'logo'] as const;

/** The product type follows from the device; each holder stores it its own way. */
export type Design = Pick<CartItem, (typeof DESIGN_FIELDS)[number]>;

/** spec.md §4: two lines are the same item when every design field matches. */
export function sameDesign(a: Design, b: Design): boolean {
  return DESIGN_FIELDS.every((field) => a[field] === b[field]);
}
