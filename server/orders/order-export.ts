import { Readable } from 'node:stream';
import { ORDERS_CSV_HEADER, ordersCsvLine } from '../../shared/orders-csv';
import { toDollars } from '../../shared/money';
import type { OrderFilters } from '../../shared/schemas/orders-query';
import type { Db } from '../db/database';
import type { Logger } from '../http/logger';
import { exportBatch, loadItemLabels, type ExportCursor } from './order-list.repository';

export const EXPORT_BATCH_SIZE = 1000;
const CRLF = '\r\n';

async function* csvChunks(db: Db, filters: OrderFilters, timeZone: string, batchSize: number): AsyncGenerator<string> {
  yield ORDERS_CSV_HEADER + CRLF;
  let cursor: ExportCursor | null = null;
  for (;;) {
    const rows = await exportBatch(db, filters, cursor, batchSize, timeZone);
    if (rows.length === 0) return;
    const items = await loadItemLabels(db, rows.map((row) => row.id));
    let chunk = '';
    for (const row of rows) {
      chunk +=
        ordersCsvLine({
          orderNumber: row.order_number,
          customerName: `${row.customer_first_name} ${row.customer_last_name}`.trim(),
          status: row.status,
          total: toDollars(row.total_cents),
          createdAt: new Date(row.created_at).toISOString(),
          items: items.get(row.id) ?? [],
        }) + CRLF;
    }
    yield chunk;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    cursor = { createdAt: last.created_at, id: last.id };
  }
}

function toStream(chunks: AsyncIterable<string>, logger: Logger): Readable {
  const stream = Readable.from(chunks, { objectMode: false });
  stream.on('error', (err) => logger.error('orders export failed', { err: String(err) }));
  return stream;
}

/**
 * The export as a stream pulled by the HTTP response: one batch is read only when the client has
 * taken the previous one, so memory stays flat whatever the number of orders.
 */
export function ordersCsvStream(db: Db, filters: OrderFilters, logger: Logger, timeZone: string, batchSize = EXPORT_BATCH_SIZE): Readable {
  return toStream(csvChunks(db, filters, timeZone, batchSize), logger);
}

/**
 * The same stream with its header and first batch already read: a query the database refuses
 * (PostgreSQL takes no NUL in a search term) fails here, while the answer can still be a JSON
 * error, instead of cutting a download whose headers are sent.
 */
export async function openOrdersCsv(db: Db, filters: OrderFilters, logger: Logger, timeZone: string, batchSize = EXPORT_BATCH_SIZE): Promise<Readable> {
  const chunks = csvChunks(db, filters, timeZone, batchSize);
  const ahead: string[] = [];
  for (let i = 0; i < 2; i++) {
    const next = await chunks.next();
    if (next.done) break;
    ahead.push(next.value);
  }
  async function* all() {
    yield* ahead;
    yield* chunks;
  }
  return toStream(all(), logger);
}
