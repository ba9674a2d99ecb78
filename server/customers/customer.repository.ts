import { sql } from 'kysely';
import type { DbOrTrx } from '../db/transaction';
import { likeContains } from '../orders/order-list.repository';

export interface CustomerRow {
  email: string;
  orderCount: number;
  spentCents: number;
  lastOrderAt: number;
}

const emailKey = sql<string>`lower(customer_email)`;

/**
 * Customers by the e-mail address they ordered with (any case), newest last order first. Orders
 * awaiting payment are not purchases and are left out; what was refunded is taken off.
 */
export async function listCustomerPage(db: DbOrTrx, search: string, page: { offset: number; limit: number }): Promise<{ rows: CustomerRow[]; total: number }> {
  let base = db.selectFrom('orders').where('status', '!=', 'pending');
  if (search) {
    const pattern = likeContains(search.toLowerCase());
    base = base.where(
      sql<boolean>`(lower(customer_email) like ${pattern} escape '\\' or lower(customer_first_name || ' ' || customer_last_name) like ${pattern} escape '\\')`,
    );
  }
  const rows = await base
    .select([
      emailKey.as('email'),
      (eb) => eb.fn.countAll<string | number>().as('order_count'),
      (eb) => eb.fn.sum<string | number>(sql`total_cents - refunded_cents`).as('spent_cents'),
      (eb) => eb.fn.max<string | number>('created_at').as('last_order_at'),
    ])
    .groupBy(emailKey)
    .orderBy(sql`max(created_at)`, 'desc')
    .orderBy(emailKey)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const counted = await base.select(sql<string | number>`count(distinct lower(customer_email))`.as('total')).executeTakeFirst();
  return {
    rows: rows.map((row) => ({ email: row.email, orderCount: Number(row.order_count), spentCents: Number(row.spent_cents ?? 0), lastOrderAt: Number(row.last_order_at) })),
    total: Number(counted?.total ?? 0),
  };
}

/** The name each address last ordered under. */
export async function latestNamesOf(db: DbOrTrx, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select([emailKey.as('email'), 'customer_first_name', 'customer_last_name'])
    .where(emailKey, 'in', emails as string[])
    .orderBy('created_at', 'desc')
    .execute();
  const names = new Map<string, string>();
  for (const row of rows) if (!names.has(row.email)) names.set(row.email, `${row.customer_first_name} ${row.customer_last_name}`.trim());
  return names;
}
