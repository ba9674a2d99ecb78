import type { OrderNote } from '../../shared/api/answers';
import type { User } from '../../shared/api/types';
import type { AppContext } from '../app-context';
import { notFound } from '../errors/http-error';
import { insertOrderNote, listOrderNotes } from './order-edit.repository';
import { findOrderById } from './order.repository';
import { actorOf } from './order.service';
import type { OrderNoteRow } from './order.table';

const toNote = (row: OrderNoteRow): OrderNote => ({ id: Number(row.id), body: row.body, author: row.author_name, at: new Date(Number(row.created_at)).toISOString() });

/**
 * Staff-only notes on an order. They live in their own table, read only by these admin calls: no
 * order view, lookup, customer answer, mail or sync pull selects them.
 */
export async function notesOfOrder(app: AppContext, orderId: string): Promise<{ notes: OrderNote[] }> {
  if (!(await findOrderById(app.db, orderId))) throw notFound('Order not found.');
  return { notes: (await listOrderNotes(app.db, orderId)).map(toNote) };
}

export async function addNoteToOrder(app: AppContext, user: User, orderId: string, body: string): Promise<{ note: OrderNote }> {
  if (!(await findOrderById(app.db, orderId))) throw notFound('Order not found.');
  const author = actorOf(user);
  return { note: toNote(await insertOrderNote(app.db, { orderId, body, authorUserId: author.id, authorName: author.name, now: app.now() })) };
}
