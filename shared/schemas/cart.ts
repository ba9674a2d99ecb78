import { z } from 'zod';
import { MAX_QUANTITY_PER_LINE, MAX_TEXT_LENGTH } from '../catalog';

export { MAX_QUANTITY_PER_LINE };

/** Messages of spec.md §5 "Cart validation", without their "Item N: " prefix. */
export const CART_MESSAGES = {
  empty: 'Cart is empty',
  textRequired: 'Custom text is required',
  textTooLong: `Text exceeds ${MAX_TEXT_LENGTH} character limit`,
  deviceRequired: 'Device selection is required',
  colorRequired: 'Color selection is required',
  invalidPrice: 'Invalid price',
  invalidQuantity: 'Invalid quantity',
} as const;


/** One cart line as the cart and the order payload carry it (spec.md §3 "Cart item"). */
export const cartItemSchema = z.strictObject({
  id: z.string().max(100).optional(),
  device: z.string({ error: CART_MESSAGES.deviceRequired }).trim().min(1, CART_MESSAGES.deviceRequired),
  productType: z.string().max(40).optional(),
  variant: z.string().max(60).optional(),
  caseType: z.string().trim().max(40).default('CLASSIC'),
  text: z
    .string({ error: CART_MESSAGES.textRequired })
    .refine((text) => text.trim().length > 0, { error: CART_MESSAGES.textRequired, abort: true })
    .refine((text) => [...text].length <= MAX_TEXT_LENGTH, CART_MESSAGES.textTooLong),
  color: z.string({ error: CART_MESSAGES.colorRequired }).trim().min(1, CART_MESSAGES.colorRequired),
  font: z.string().max(40).default('Pecita'),
  fontSize: z.number().int().min(8).max(96).default(24),
  logo: z.boolean().default(false),
  price: z.number({ error: CART_MESSAGES.invalidPrice }).positive(CART_MESSAGES.invalidPrice).finite(),
  quantity: z
    .number({ error: CART_MESSAGES.invalidQuantity })
    .int(CART_MESSAGES.invalidQuantity)
    .min(1, CART_MESSAGES.invalidQuantity)
    .max(MAX_QUANTITY_PER_LINE, CART_MESSAGES.invalidQuantity)
    .default(1),
  addedAt: z.union([z.string(), z.number()]).optional(),
});
export type CartItemInput = z.input<typeof cartItemSchema>;
export type CartItem = z.output<typeof cartItemSchema>;

/**
 * Cart validation of spec.md §5: 'Cart is empty' or one 'Item N: …' message per failing rule,
 * N counting from 1.
 */
export function validateCart(items: readonly unknown[]): string[] {
  if (items.length === 0) return [CART_MESSAGES.empty];
  const messages: string[] = [];
  items.forEach((item, index) => {
    const result = cartItemSchema.safeParse(item);
    if (result.success) return;
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      if (seen.has(issue.message)) continue;
      seen.add(issue.message);
      messages.push(`Item ${index + 1}: ${issue.message}`);
    }
  });
  return messages;
}
