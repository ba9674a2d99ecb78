/**
 * What the print room last downloaded as the production queue's ZIP: per order, the
 * design of its lines at that moment. A line fixed afterwards (the admin's edit, the shopper's
 * text fix) reaches the cache through the sync pull like any order change; comparing the two
 * tells the print room which orders' files in their ZIP are out of date. Content, not clocks:
 * the tablet's clock and the server's need not agree.
 */
import type { CachedOrder, ShopDatabase } from '../db/db';
import { loadShopDb } from '../db/lazy-db';

export const PRINT_ZIP_META = 'fulfillment.printZipDownload';

export interface PrintZipStamp {
  at: number;
  /** Order id → the signature of its lines as downloaded. */
  lines: Record<string, string>;
}

/** The parts of its lines a print file is drawn from that an edit can change. */
export const linesSignature = (order: Pick<CachedOrder, 'items'>) => JSON.stringify(order.items.map((item) => [item.text, item.color, item.font]));

export async function recordZipDownload(queue: readonly CachedOrder[], at = Date.now()): Promise<void> {
  const { db } = await loadShopDb();
  const stamp: PrintZipStamp = { at, lines: Object.fromEntries(queue.map((order) => [order.id, linesSignature(order)])) };
  await db.meta.put({ key: PRINT_ZIP_META, value: stamp });
}

export const readZipStamp = async (db: ShopDatabase) => (await db.meta.get(PRINT_ZIP_META))?.value as PrintZipStamp | undefined;

/** Orders of the queue whose lines changed since they were downloaded in the last ZIP. */
export function changedSinceDownload(stamp: PrintZipStamp | undefined, queue: readonly CachedOrder[]): CachedOrder[] {
  if (!stamp) return [];
  return queue.filter((order) => order.id in stamp.lines && stamp.lines[order.id] !== linesSignature(order));
}
