import { z } from 'zod';
import { isWholeCents } from '../money';
import { normaliseDiscountCode } from '../pricing';
import { storableText } from './storable-text';

/** Messages of the admin's Discount codes screen and its API (design.md §9). */
export const DISCOUNT_CODE_MESSAGES = {
  codeRequired: 'Code is required',
  codeLength: 'Code must be 3 to 32 characters',
  codeCharacters: 'Code may use only letters, digits, - and _',
  typeRequired: 'Choose a type: percentage, fixed or shipping',
  valueNumber: 'Value must be a number',
  percentage: 'Percentage must be a whole number from 1 to 100',
  fixed: 'Amount off must be between $0.01 and $1,000 in whole cents',
  shipping: 'A free-shipping code takes no value (0)',
  limit: 'Limits must be whole numbers of at least 1',
  date: 'Dates must be ISO 8601 date-times, e.g. 2026-12-01T00:00:00Z',
  endBeforeStart: 'The end must be after the start',
  activeBoolean: 'active must be true or false',
  duplicate: 'A discount code with this name already exists',
  notFound: 'Discount code not found',
} as const;

const M = DISCOUNT_CODE_MESSAGES;

export const discountCodeSchema = storableText(z.string({ error: M.codeRequired }).trim().min(1, M.codeRequired), 'Code')
  .min(3, M.codeLength)
  .max(32, M.codeLength)
  .regex(/^[A-Za-z0-9_-]+$/, M.codeCharacters)
  .transform(normaliseDiscountCode);

const limitSchema = z.number({ error: M.limit }).int(M.limit).min(1, M.limit).max(1_000_000, M.limit).nullish();
const dateSchema = z.iso.datetime({ offset: true, error: M.date }).nullish();

/**
 * POST /api/admin/discount-codes, and the admin's create form. `value` is the percent off
 * (percentage), the dollars off (fixed: money is cents inside, dollars at the JSON edge) or 0 (shipping).
 */
export const createDiscountCodeSchema = z
  .strictObject({
    code: discountCodeSchema,
    type: z.enum(['percentage', 'fixed', 'shipping'], { error: M.typeRequired }),
    value: z.number({ error: M.valueNumber }).finite(M.valueNumber).default(0),
    maxUses: limitSchema,
    maxUsesPerCustomer: limitSchema,
    startsAt: dateSchema,
    endsAt: dateSchema,
  })
  .superRefine((input, ctx) => {
    const { type, value } = input;
    if (type === 'percentage' && !(Number.isInteger(value) && value >= 1 && value <= 100)) ctx.addIssue({ code: 'custom', path: ['value'], message: M.percentage });
    if (type === 'fixed' && !(value > 0 && value <= 1000 && isWholeCents(value))) ctx.addIssue({ code: 'custom', path: ['value'], message: M.fixed });
    if (type === 'shipping' && value !== 0) ctx.addIssue({ code: 'custom', path: ['value'], message: M.shipping });
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endBeforeStart });
    }
  });
export type CreateDiscountCodeInput = z.input<typeof createDiscountCodeSchema>;
export type NewDiscountCode = z.output<typeof createDiscountCodeSchema>;

/** PATCH /api/admin/discount-codes/:code: only whether the code is active changes. */
export const updateDiscountCodeSchema = z.strictObject({ active: z.boolean({ error: M.activeBoolean }) });

/** POST /api/discount-codes/check: the shop asks whether a code applies (the e-mail, when known, for per-customer limits). */
export const checkDiscountCodeSchema = z.strictObject({
  code: storableText(z.string({ error: 'Invalid discount code' }).trim().min(1, 'Invalid discount code'), 'Discount code').max(40, 'Invalid discount code'),
  email: storableText(z.string(), 'Email').trim().max(254).optional(),
});
