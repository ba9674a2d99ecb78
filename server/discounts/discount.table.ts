import type { Selectable } from 'kysely';
import type { DiscountType } from '../../shared/pricing';

/** A discount code (migration 2026-11-28T1100_discount_codes). Only `active` changes after creation. */
export interface DiscountCodeTable {
  /** The code in capitals: codes are case-insensitive. */
  code: string;
  type: DiscountType;
  /** Percent off (percentage), cents off (fixed), 0 (shipping). */
  value: number;
  active: number;
  starts_at: number | null;
  ends_at: number | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  created_at: number;
  updated_at: number;
}
export type DiscountCodeRow = Selectable<DiscountCodeTable>;

/** A use of a limited code held by a checkout, keyed by the checkout's intent key. */
export interface DiscountRedemptionTable {
  intent_key: string;
  code: string;
  /** The shopper's canonical e-mail (canonical-email.ts): the per-customer limit. */
  email: string;
  created_at: number;
}

declare module '../db/schema' {
  interface Database {
    discount_codes: DiscountCodeTable;
    discount_redemptions: DiscountRedemptionTable;
  }
}
