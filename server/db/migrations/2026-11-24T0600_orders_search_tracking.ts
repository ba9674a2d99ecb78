import type { Kysely } from 'kysely';

/**
 * orders.search_text in the shared layout of shared/orders/order-filter.ts `orderSearchText`: the
 * tracking number joins the searched fields (the admin's tablet always matched it) and the
 * customer's name is the trimmed one the admin sees. Only orders with a tracking number or a blank
 * name part change; the rest of the text (order number, email, item texts) is kept as stored, so no
 * item is read. On SQLite the update trigger of 2026-11-22T0100 keeps the trigram index in step.
 *
 * The rules are written out here rather than imported where they could change later: a migration
 * must do tomorrow what it does today.
 */
const BATCH = 1000;
const SEPARATOR = '\n';

interface Row {
  id: string;
  customer_first_name: string;
  customer_last_name: string;
  tracking_number: string | null;
  search_text: string;
}

const field = (value: string) => value.replaceAll(SEPARATOR, ' ').toLowerCase();

/** Old layout: number, "first last" (untrimmed), email, item texts. */
function upgraded(row: Row): string {
  const fields = row.search_text.split(SEPARATOR);
  fields[1] = field(`${row.customer_first_name} ${row.customer_last_name}`.trim());
  if (row.tracking_number) fields.push(field(row.tracking_number));
  return fields.join(SEPARATOR);
}

function downgraded(row: Row): string {
  const fields = row.search_text.split(SEPARATOR);
  if (row.tracking_number) fields.pop();
  fields[1] = `${row.customer_first_name} ${row.customer_last_name}`.toLowerCase();
  return fields.join(SEPARATOR);
}

async function rewrite(db: Kysely<any>, rewritten: (row: Row) => string): Promise<void> {
  let after = '';
  for (;;) {
    const rows: Row[] = await db
      .selectFrom('orders')
      .select(['id', 'customer_first_name', 'customer_last_name', 'tracking_number', 'search_text'])
      .where((eb) => eb.or([eb('tracking_number', 'is not', null), eb('customer_first_name', '=', ''), eb('customer_last_name', '=', '')]))
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const text = rewritten(row);
      if (text !== row.search_text) await db.updateTable('orders').set({ search_text: text }).where('id', '=', row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rewrite(db, upgraded);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewrite(db, downgraded);
}
