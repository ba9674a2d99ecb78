import Router from '@koa/router';
import type { AppContext } from '../app-context';
import { currentUser, requireAdmin } from '../http/auth.guards';
import { badRequest } from '../errors/http-error';
import { reply, route } from '../http/typed-route';
import { editOrderLine } from './order-edit.service';
import { addNoteToOrder, notesOfOrder } from './order-notes.service';
import { actorOf, adminViewOf } from './order.service';

/** A line number from the path: 1, 2, … */
export function lineOf(value: string): number {
  const line = /^[1-9]\d{0,3}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(line)) throw badRequest('The line must be a number: 1, 2, …', 'INVALID_LINE');
  return line;
}

/** Staff's fixes to an order: a line's design and internal notes (cancel with refund: payments/). */
export function createOrderEditRoutes(app: AppContext): Router {
  const router = new Router();

  route(router, 'editOrderLine', { before: [requireAdmin] }, async (ctx, { baseVersion, ...changes }, { id, line }) => {
    const user = currentUser(ctx);
    const { order } = await editOrderLine(app, { order: { id }, line: lineOf(line), changes, baseVersion, actor: actorOf(user), source: 'api' });
    ctx.set('Cache-Control', 'no-store');
    return { order: await adminViewOf(app.db, order) };
  });

  route(router, 'orderNotes', { before: [requireAdmin] }, async (ctx, _input, { id }) => {
    ctx.set('Cache-Control', 'no-store');
    return notesOfOrder(app, id);
  });

  route(router, 'addOrderNote', { before: [requireAdmin] }, async (ctx, { body }, { id }) => reply(201, await addNoteToOrder(app, currentUser(ctx), id, body)));

  return router;
}
