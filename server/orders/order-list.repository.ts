import { sql, type SelectQueryBuilder } from 'kysely';
import type { CsvOrderLine } from '../../shared/orders-csv';
import { resolveOrderFilter, type ResolvedOrderFilter } from '../../shared/orders/order-filter';
import type { OrderFilters } from '../../shared/schemas/orders-query';
import type { Database } from '../db/schema';
import { isPostgres } from '../db/dialect';
import { groupByOrder } from './order.repository';
import type { DbOrTrx } from '../db/transaction';
import { searchMatches } from './order-search-index';
import type { OrderHistoryRow, OrderRow } from './order.table';

type OrdersQuery<O> = SelectQueryBuilder<Database, 'orders', O>;

/** `%` and `_` in a search term are literal characters, not wildcards. */
export function likeContains(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The admin filters as WHERE clauses, the SQL form of shared/orders/order-filter.ts
 * `matchesOrderFilter` (a property test holds them equal). The search is a substring of the
 * lower-cased `search_text` (`orderSearchText`: order number, customer name, email, every item's
 * text, tracking number), the same on SQLite and PostgreSQL, which both honour `ESCAPE '\'`. On SQLite a
 * plain term of 3+ characters is looked up in the FTS5 trigram index instead (same matches, no
 * scan); on PostgreSQL the LIKE itself is answered from pg_trgm's GIN index (migration
 * 2026-11-24T0500), which the planner picks when it is the cheaper way.
 */
export function applyOrderFilters<O>(query: OrdersQuery<O>, filter: ResolvedOrderFilter, searchPlan: SearchPlan = 'scan', postgres = false): OrdersQuery<O> {
  let q = query;
  const { needle } = filter;
  if (filter.status) q = q.where('status', '=', filter.status);
  if (needle && searchPlan === 'trigram' && !postgres) {
    // The same matches as the LIKE below, found through the SQLite trigram index (order-search-index.ts).
    q = q.where(searchMatches(`%${needle}%`));
  } else if (needle) {
    q = q.where(sql<boolean>`search_text like ${likeContains(needle)} escape '\\'`);
  }
  if (filter.fromMs !== null) q = q.where('created_at', '>=', filter.fromMs);
  if (filter.to) q = q.where('created_at', filter.to.exclusive ? '<' : '<=', filter.to.ms);
  return q;
}

/** How a search is answered: scanning search_text (on the status index when filtered) or the trigram index. */
export type SearchPlan = 'scan' | 'trigram';

/** Above this many orders in the filtered status, the trigram index beats scanning that status. */
const TRIGRAM_STATUS_THRESHOLD = 20_000;
const STATUS_COUNT_TTL_MS = 60_000;
const statusCounts = new WeakMap<object, Map<string, { count: number; at: number }>>();

/**
 * The trigram index serves plain terms of 3+ characters (FTS5 on SQLite; pg_trgm on PostgreSQL,
 * where the plan only says which way the planner is expected to go). Its cost follows the term's
 * commonest trigrams, not the status, so inside a small status a scan is cheaper; inside a status
 * holding most orders (delivered, after a year) the index wins by far. Status sizes are cached a minute.
 */
export async function chooseSearchPlan(db: DbOrTrx, filters: ResolvedOrderFilter): Promise<SearchPlan> {
  const term = filters.needle;
  if (!term || [...term].length < 3 || /[\\%_]/.test(term)) return 'scan';
  if (!filters.status) return 'trigram';
  let byStatus = statusCounts.get(db);
  if (!byStatus) statusCounts.set(db, (byStatus = new Map()));
  const cached = byStatus.get(filters.status);
  let count = cached && Date.now() - cached.at < STATUS_COUNT_TTL_MS ? cached.count : undefined;
  if (count === undefined) {
    const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', filters.status).executeTakeFirst();
    count = Number(row?.n ?? 0);
    byStatus.set(filters.status, { count, at: Date.now() });
  }
  return count > TRIGRAM_STATUS_THRESHOLD ? 'trigram' : 'scan';
}

/**
 * One page of the admin list, newest first (ties broken by id so pages never overlap). The page's
 * ids are found on the covering index (status?, created_at, id, search_text) without touching the
 * table ("deferred join"); only the rows of the page are then read.
 */
export async function listOrderPage(
  db: DbOrTrx,
  query: OrderFilters,
  page: { offset: number; limit: number },
  timeZone: string,
): Promise<{ rows: OrderRow[]; total: number }> {
  const filters = resolveOrderFilter(query, timeZone);
  const newestFirst = <O>(q: OrdersQuery<O>) => q.orderBy('created_at', 'desc').orderBy('id', 'desc');
  const plan = await chooseSearchPlan(db, filters);
  const pageIds = newestFirst(applyOrderFilters(db.selectFrom('orders').select('id'), filters, plan, isPostgres(db))).limit(page.limit).offset(page.offset);
  const [rows, count] = await Promise.all([
    newestFirst(db.selectFrom('orders').selectAll().where('id', 'in', pageIds)).execute(),
    applyOrderFilters(db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')), filters, plan, isPostgres(db)).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export interface ExportCursor {
  createdAt: number;
  id: string;
}

/**
 * The next batch of an export, newest first, after `cursor` (keyset pagination: each batch is an
 * index range scan, whatever the depth, on SQLite and PostgreSQL alike).
 */
export type ExportRow = Pick<
  OrderRow,
  'id' | 'order_number' | 'customer_first_name' | 'customer_last_name' | 'status' | 'total_cents' | 'created_at'
>;

/**
 * The next batch of an export, newest first, after `cursor`. Keyset pagination on the row value
 * (created_at, id): each batch is one index range scan whatever its depth, on SQLite and PostgreSQL.
 */
export async function exportBatch(
  db: DbOrTrx,
  query: OrderFilters,
  cursor: ExportCursor | null,
  limit: number,
  timeZone: string,
): Promise<ExportRow[]> {
  const filters = resolveOrderFilter(query, timeZone);
  let rows = applyOrderFilters(
    db
      .selectFrom('orders')
      .select(['id', 'order_number', 'customer_first_name', 'customer_last_name', 'status', 'total_cents', 'created_at']),
    filters,
    await chooseSearchPlan(db, filters),
    isPostgres(db),
  );
  if (cursor) rows = rows.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(cursor.createdAt, cursor.id)));
  return rows.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Device and text of every line of the given orders, grouped by order, in line order. */
export async function loadItemLabels(db: DbOrTrx, orderIds: readonly string[]): Promise<Map<string, CsvOrderLine[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_items')
    .select(['order_id', 'device', 'text', 'color', 'font', 'quantity'])
    .where('order_id', 'in', orderIds as string[])
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
  return groupByOrder(rows, (row) => ({ device: row.device, text: row.text, color: row.color, font: row.font, quantity: row.quantity }));
}

export async function listOrdersOfUser(db: DbOrTrx, userId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listHistory(db: DbOrTrx, orderId: string): Promise<OrderHistoryRow[]> {
  return db.selectFrom('order_history').selectAll().where('order_id', '=', orderId).orderBy('version').execute();
}
