import type { LineDesign } from '../../shared/api/types';
import type { DbOrTrx } from '../db/transaction';
import type { OrderNoteRow } from './order.table';

/** Changes one line's text, colour and font (the caller's transaction holds the order's version guard). */
export async function updateOrderLine(trx: DbOrTrx, orderId: string, lineNo: number, design: LineDesign): Promise<void> {
  await trx.updateTable('order_items').set({ text: design.text, color: design.color, font: design.font }).where('order_id', '=', orderId).where('line_no', '=', lineNo).execute();
}

/** The history entry of the line edit that took the order to `version`, if that was one. */
export async function findLineEditAt(db: DbOrTrx, orderId: string, version: number) {
  return db.selectFrom('order_history').select(['line_no', 'line_to']).where('order_id', '=', orderId).where('version', '=', version).where('line_no', 'is not', null).executeTakeFirst();
}

export async function insertOrderNote(db: DbOrTrx, note: { orderId: string; body: string; authorUserId: number | null; authorName: string; now: number }): Promise<OrderNoteRow> {
  return db
    .insertInto('order_notes')
    .values({ order_id: note.orderId, body: note.body, author_user_id: note.authorUserId, author_name: note.authorName, created_at: note.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An order's staff notes, oldest first. */
export async function listOrderNotes(db: DbOrTrx, orderId: string): Promise<OrderNoteRow[]> {
  return db.selectFrom('order_notes').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** The history entry a mutation (a cancel's key) wrote on the order, if any. */
export async function findHistoryOfMutation(db: DbOrTrx, orderId: string, mutationId: string) {
  return db.selectFrom('order_history').select('version').where('order_id', '=', orderId).where('mutation_id', '=', mutationId).executeTakeFirst();
}
