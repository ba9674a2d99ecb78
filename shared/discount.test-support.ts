import type { Discount } from './pricing';

/** Test-only: the spec's three codes (spec.md §5) as the server resolves them from its seeded table. */
export const SPEC_DISCOUNTS = {
  SAVE10: { code: 'SAVE10', type: 'percentage', value: 10 },
  WELCOME5: { code: 'WELCOME5', type: 'fixed', value: 500 },
  FREESHIP: { code: 'FREESHIP', type: 'shipping', value: 0 },
} as const satisfies Record<string, Discount>;
