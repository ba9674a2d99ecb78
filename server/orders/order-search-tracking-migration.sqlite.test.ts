import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { customerNameOf, orderSearchText } from '../../shared/orders/order-filter';
import { migrations } from '../db/migrations';
import { openSqliteConnection } from '../db/sqlite-connection';
import { insertOrder } from './order.repository';
import { newTestOrder } from './order.test-support';

it('rebuilds the search text of orders stored before 2026-11-24T0600: tracking numbers become searchable, in the trigram index too', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-tracking-migration-'));
  const db = openSqliteConnection(path.join(dir, 'shop.db'));
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('2026-11-24T0500_orders_search_pg_trgm')).error).toBeUndefined();

  const customers = [
    { email: 'maya@villa.tv', firstName: 'Maya', lastName: 'Jama', phone: '555-123-4567' },
    { email: 'gemma@villa.tv', firstName: '', lastName: 'Owen', phone: '555-123-4567' },
    { email: 'ekin@villa.tv', firstName: 'Ekin-Su', lastName: 'Culculoglu', phone: '555-123-4567' },
  ];
  const tracking = ['TRK123ABC456', null, 'TRK999ZZZ000'];
  for (const [i, customer] of customers.entries()) {
    const row = await db.transaction().execute((trx) => insertOrder(trx, newTestOrder({ customer, items: [{ text: `Grafting ${i}` }, { text: 'Mugged Off' }] })));
    // The layout written before: "first last" untrimmed, no tracking number.
    const old = [row.order_number, `${customer.firstName} ${customer.lastName}`, customer.email, `Grafting ${i}`, 'Mugged Off'].join('\n').toLowerCase();
    await db.updateTable('orders').set({ search_text: old, tracking_number: tracking[i] }).where('id', '=', row.id).execute();
  }
  // Every order in the trigram index, so the migration's updates must reach it.
  await sql`insert into orders_search(rowid, search_text) select rowid, search_text from orders`.execute(db);
  await sql`update orders_search_state set indexed_rowid = (select max(rowid) from orders)`.execute(db);

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await db.selectFrom('orders').select(['order_number', 'customer_first_name', 'customer_last_name', 'customer_email', 'tracking_number', 'search_text']).orderBy('customer_email').execute();
  for (const row of rows) {
    const i = customers.findIndex((customer) => customer.email === row.customer_email);
    expect(row.search_text).toBe(
      orderSearchText({
        orderNumber: row.order_number,
        customerName: customerNameOf(row.customer_first_name, row.customer_last_name),
        customerEmail: row.customer_email,
        itemTexts: [`Grafting ${i}`, 'Mugged Off'],
        trackingNumber: row.tracking_number,
      }),
    );
  }
  const indexed = await sql<{ n: number }>`select count(*) as n from orders_search where search_text like '%trk%'`.execute(db);
  expect(indexed.rows[0]!.n).toBe(2);

  expect((await migrator.migrateTo('2026-11-24T0500_orders_search_pg_trgm')).error).toBeUndefined();
  const gemma = await db.selectFrom('orders').select('search_text').where('customer_email', '=', 'gemma@villa.tv').executeTakeFirstOrThrow();
  expect(gemma.search_text.split('\n')[1]).toBe(' owen');
  const indexedAfterDown = await sql<{ n: number }>`select count(*) as n from orders_search where search_text like '%trk%'`.execute(db);
  expect(indexedAfterDown.rows[0]!.n).toBe(0);
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});
