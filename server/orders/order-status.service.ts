import type { StatusChangeAnswer } from '../../shared/api/answers';
import type { User } from '../../shared/api/types';
import type { StatusChangeInput } from '../../shared/schemas/orders-query';
import type { AppContext } from '../app-context';
import { inTransaction } from '../db/transaction';
import { HttpError, notFound } from '../errors/http-error';
import { idempotent, type StoredResponse } from '../idempotency/idempotency';
import { keyTableAnswers } from '../idempotency/idempotency.repository';
import { mailQueueingOf } from '../mail/mail-outbox';
import { actorOf, adminViewOf, changeOrderStatus } from './order.service';

export interface OrderStatusRequest {
  orderId: string;
  input: StatusChangeInput;
  /** The version named by If-Match; null: any version. */
  ifMatch: number | null;
  /** The client's Idempotency-Key, if it sent one. */
  key: string | null;
}

/** The answer of PATCH /api/orders/:id/status with its status, as stored for its Idempotency-Key. */
export interface StatusChangeReply extends StoredResponse {
  body: StatusChangeAnswer;
}

/**
 * PATCH /api/orders/:id/status: one status change by an admin, in one transaction, once per
 * Idempotency-Key (per admin and order). A stale If-Match is a 409 carrying the current order;
 * neither it nor a 404 is stored, so the same key may be sent again after a reload.
 */
export function setOrderStatus(app: AppContext, user: User, request: OrderStatusRequest): Promise<StatusChangeReply> {
  const { orderId, input, ifMatch, key } = request;
  return idempotent({
    scope: `order-status:${user.id}:${orderId}`,
    key,
    request: { orderId, input, ifMatch },
    store: keyTableAnswers<StatusChangeReply>(),
    db: app.db,
    transaction: inTransaction(app.db),
    now: app.now,
    write: async (trx): Promise<StatusChangeReply> => {
      const outcome = await changeOrderStatus(trx, {
        orderId,
        status: input.status,
        trackingNumber: input.trackingNumber,
        actor: actorOf(user),
        source: 'api',
        mutationId: null,
        expectedVersion: ifMatch === null ? undefined : { version: ifMatch, policy: 'strict' },
        now: app.now(),
        mail: mailQueueingOf(app.config),
      });
      if (outcome.kind === 'not_found') throw notFound('Order not found.');
      const order = await adminViewOf(trx, outcome.order);
      if (outcome.kind === 'conflict') {
        throw new HttpError(
          409,
          'VERSION_CONFLICT',
          `This order was changed by someone else (it is now at version ${order.version}). Reload it and try again.`,
          undefined,
          { order },
        );
      }
      return { status: 200, body: { order } };
    },
  });
}
