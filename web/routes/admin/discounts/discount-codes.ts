import type { DiscountCodeView } from '../../../../shared/api/answers';
import { firstErrorByField } from '../../../../shared/schemas/fields';
import { createDiscountCodeSchema, type CreateDiscountCodeInput } from '../../../../shared/schemas/discount-codes';
import { formatDateTime, formatDollars } from '../shared/format';

/** The create form as typed: every field a string, checked by the API's own schema before sending. */
export interface DiscountFormValues {
  code: string;
  type: 'percentage' | 'fixed' | 'shipping';
  value: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  /** `<input type="datetime-local">` values, in the device's time zone. */
  startsAt: string;
  endsAt: string;
}

export const EMPTY_DISCOUNT_FORM: DiscountFormValues = { code: '', type: 'percentage', value: '', maxUses: '', maxUsesPerCustomer: '', startsAt: '', endsAt: '' };

export type DiscountFormErrors = Partial<Record<keyof DiscountFormValues, string>>;

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
/** A local date-time to ISO 8601; an impossible one stays as typed, for the schema to refuse. */
const localToIso = (text: string) => {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
};

/** The request the form's values make, or the schema's message for each field that is wrong. */
export function readDiscountForm(values: DiscountFormValues): { input: CreateDiscountCodeInput; errors: null } | { input: null; errors: DiscountFormErrors } {
  const input: CreateDiscountCodeInput = {
    code: values.code,
    type: values.type,
    value: values.type === 'shipping' ? 0 : values.value.trim() === '' ? Number.NaN : Number(values.value.trim()),
    maxUses: optionalNumber(values.maxUses),
    maxUsesPerCustomer: optionalNumber(values.maxUsesPerCustomer),
    startsAt: localToIso(values.startsAt),
    endsAt: localToIso(values.endsAt),
  };
  const parsed = createDiscountCodeSchema.safeParse(input);
  return parsed.success ? { input, errors: null } : { input: null, errors: firstErrorByField(parsed.error) as DiscountFormErrors };
}

/** "10 % off", "$5.00 off", "Free shipping". */
export function describeDiscount(code: Pick<DiscountCodeView, 'type' | 'value'>): string {
  if (code.type === 'percentage') return `${code.value} % off`;
  if (code.type === 'fixed') return `${formatDollars(code.value)} off`;
  return 'Free shipping';
}

/** "3 of 100 used", "3 used". */
export function describeUses(code: Pick<DiscountCodeView, 'uses' | 'maxUses'>): string {
  return code.maxUses === null ? `${code.uses} used` : `${code.uses} of ${code.maxUses} used`;
}

export function describeDates(code: Pick<DiscountCodeView, 'startsAt' | 'endsAt'>): string {
  if (!code.startsAt && !code.endsAt) return 'Any time';
  if (!code.endsAt) return `From ${formatDateTime(code.startsAt)}`;
  if (!code.startsAt) return `Until ${formatDateTime(code.endsAt)}`;
  return `${formatDateTime(code.startsAt)} – ${formatDateTime(code.endsAt)}`;
}

export type DiscountState = 'Active' | 'Inactive' | 'Scheduled' | 'Ended' | 'Used up';

/** What a shopper would find: whether the code applies now, and why not. */
export function discountState(code: DiscountCodeView, now: number): DiscountState {
  if (!code.active) return 'Inactive';
  if (code.endsAt && Date.parse(code.endsAt) <= now) return 'Ended';
  if (code.startsAt && Date.parse(code.startsAt) > now) return 'Scheduled';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'Used up';
  return 'Active';
}
