import type { Kysely } from 'kysely';

/**
 * Discount codes in the database (design.md §9, docs/decisions.md):
 * - `discount_codes`: one row per code, keyed by the code in capitals (codes are case-insensitive).
 *   `value` is the percent off (percentage), the cents off (fixed) or 0 (shipping). Only `active`
 *   changes after creation. Uses are not counted here: an order with an unlimited code writes nothing
 *   more than its order; the admin's count of uses is read from the orders.
 * - `discount_redemptions`: a use held by a checkout of a LIMITED code, keyed by the checkout's
 *   intent key, taken in the transaction that stores the intent (before any charge) and given back
 *   when the charge fails; one never turned into an order counts only for a while (the service's
 *   hold time), so an abandoned checkout cannot use a code up.
 * The spec's three codes (spec.md §5) are seeded, unlimited and active.
 */
const SPEC_CODES = [
  { code: 'SAVE10', type: 'percentage', value: 10 },
  { code: 'WELCOME5', type: 'fixed', value: 500 },
  { code: 'FREESHIP', type: 'shipping', value: 0 },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('discount_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_customer', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('discount_redemptions')
    .addColumn('intent_key', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discount_redemptions_code_email_idx').on('discount_redemptions').columns(['code', 'email']).execute();
  const now = Date.now();
  await db
    .insertInto('discount_codes')
    .values(SPEC_CODES.map((seed) => ({ ...seed, active: 1, starts_at: null, ends_at: null, max_uses: null, max_uses_per_customer: null, created_at: now, updated_at: now })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('discount_redemptions').execute();
  await db.schema.dropTable('discount_codes').execute();
}
