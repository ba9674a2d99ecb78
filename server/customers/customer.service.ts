import type { CustomersAnswer } from '../../shared/api/answers';
import { toDollars } from '../../shared/money';
import type { DbOrTrx } from '../db/transaction';
import { latestNamesOf, listCustomerPage } from './customer.repository';

/** GET /api/admin/customers: a page of customers with their order count, total spent and last order. */
export async function listCustomers(db: DbOrTrx, query: { search: string; page: number; limit: number }): Promise<CustomersAnswer> {
  const { rows, total } = await listCustomerPage(db, query.search, { offset: (query.page - 1) * query.limit, limit: query.limit });
  const names = await latestNamesOf(db, rows.map((row) => row.email));
  return {
    customers: rows.map((row) => ({
      email: row.email,
      name: names.get(row.email) ?? '',
      orderCount: row.orderCount,
      totalSpent: toDollars(row.spentCents),
      lastOrderAt: new Date(row.lastOrderAt).toISOString(),
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}
