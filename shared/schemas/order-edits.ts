import { z } from 'zod';
import { storableText } from './storable-text';
import { clampFontSize } from '../decal-size';
import { isWholeCents } from '../money';
import type { OrderStatus } from '../order-status';
import { productTypeOfVariant } from '../catalog';
import { CART_MESSAGES, cartItemFields, checkCartItemRules, withLetterSize, type CartItem, type CartItemInput } from './cart';
import { namedRefusal } from './fields';
import { orderLookupSchema } from './order-lookup';

/**
 * Orders that can be fixed: a line's text, colour or font while the order is not yet
 * printed, cancelling with a refund, staff notes, and the customers list. The design a line becomes
 * is checked with the cart's own schema (`cartItemSchema`), so an edit is refused exactly as the
 * designer and the checkout refuse it, in the same words.
 */
export const ORDER_EDIT_MESSAGES = {
  notEditable: 'This order can no longer be changed: it has been printed, shipped or cancelled.',
  noChange: 'Change the text, colour or font to save an edit.',
  lineNotFound: 'This order has no such line.',
  versionConflict: 'This order was changed by someone else. Reload it and try again.',
  notCancellable: 'This order can no longer be cancelled: it has shipped.',
  alreadyCancelled: 'This order is already cancelled.',
  noteRequired: 'Write a note first.',
  noteTooLong: 'A note can be at most 2000 characters.',
  invalidAmount: 'Invalid amount',
} as const;

/** Statuses in which a line may still be changed: paid or awaiting payment, nothing printed yet. */
export const LINE_EDITABLE_STATUSES: readonly OrderStatus[] = ['pending', 'processing'];
export const isLineEditable = (status: OrderStatus) => LINE_EDITABLE_STATUSES.includes(status);
/** Statuses an order may be cancelled from (a shipped parcel is a return, not a cancellation). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending', 'processing', 'printed'];

const baseVersion = z.number({ error: 'baseVersion is required' }).int().positive().max(2 ** 31);

/** PATCH /api/orders/:id/items/:line (admin): what to change, and the version the admin saw. */
export const lineEditSchema = z.strictObject({
  text: z.string().max(1000).optional(),
  color: z.string().max(100).optional(),
  font: z.string().max(100).optional(),
  baseVersion,
});
export type LineEditInput = z.output<typeof lineEditSchema>;

/** POST /api/orders/lookup/items/:line: the shopper's own text fix, proven by the order number and e-mail. */
export const customerLineEditSchema = z.strictObject({
  ...orderLookupSchema.shape,
  text: z.string({ error: 'Custom text is required' }).max(1000),
  baseVersion,
});
export type CustomerLineEditInput = z.input<typeof customerLineEditSchema>;

/**
 * The cart's rules for a line an order already has: its device was chosen when it was ordered, so a
 * variant retired since (but still in the catalogue) is kept, and so are the colour and font the
 * line has now; a change must still be to something on offer.
 */
function placedLineSchema(kept: { color: string; font: string }) {
  return cartItemFields
    .safeExtend({
      device: z
        .string({ error: CART_MESSAGES.deviceRequired })
        .trim()
        .min(1, { error: CART_MESSAGES.deviceRequired, abort: true })
        .refine((name) => productTypeOfVariant(name) !== undefined, CART_MESSAGES.deviceRequired),
      color: z.union([z.literal(kept.color), cartItemFields.shape.color], { error: CART_MESSAGES.colorRequired }),
      font: z.union([z.literal(kept.font), cartItemFields.shape.font], { error: CART_MESSAGES.fontRequired }),
    })
    .superRefine(checkCartItemRules)
    .transform(withLetterSize);
}

/**
 * The design a line becomes, checked as the cart checks it; the first message per field, or the parsed line.
 * A line keeping its font keeps the letter size it was ordered at, even one no longer offered (a
 * text fix cannot change the size); a line moved to another font must be at a size that font is offered in.
 */
export function checkEditedLine(
  line: CartItemInput & { fontSize: number },
  /** The line's colour and font as they are now, kept even if retired since. */
  kept: { color: string; font: string },
): { ok: true; line: CartItem } | { ok: false; errors: { path: string; message: string }[]; code?: string; limits?: Record<string, unknown>[] } {
  const keepsSize = (line.font ?? kept.font).trim().toLowerCase() === kept.font.toLowerCase();
  const parsed = placedLineSchema(kept).safeParse(keepsSize ? { ...line, fontSize: clampFontSize(kept.font, line.fontSize) } : line);
  if (parsed.success) return { ok: true, line: keepsSize ? { ...parsed.data, fontSize: line.fontSize } : parsed.data };
  const seen = new Set<string>();
  const errors = parsed.error.issues.flatMap((issue) => {
    const path = issue.path.join('.');
    if (seen.has(path)) return [];
    seen.add(path);
    return [{ path, message: issue.message }];
  });
  const named = namedRefusal(parsed.error);
  return named ? { ok: false, errors, code: named.code, limits: named.limits } : { ok: false, errors };
}

/** POST /api/orders/:id/cancel (admin): cancel, refunding all that is left (amount null) or part, or nothing. */
export const cancelOrderSchema = z.strictObject({
  baseVersion,
  refund: z
    .strictObject({
      amount: z.number({ error: ORDER_EDIT_MESSAGES.invalidAmount }).finite().positive(ORDER_EDIT_MESSAGES.invalidAmount).refine(isWholeCents, ORDER_EDIT_MESSAGES.invalidAmount).nullable(),
    })
    .nullable(),
});
export type CancelOrderInput = z.output<typeof cancelOrderSchema>;

export const orderNoteSchema = z.strictObject({
  body: storableText(z.string({ error: ORDER_EDIT_MESSAGES.noteRequired }).trim().min(1, ORDER_EDIT_MESSAGES.noteRequired), 'Note', { multiLine: true }).max(2000, ORDER_EDIT_MESSAGES.noteTooLong),
});

/** GET /api/admin/customers: a search over e-mail and name, a page at a time. */
export const customersQuerySchema = z.object({
  search: z.string().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
