import type { MailView } from '../../../../shared/api/types';
import { call } from '../../../api/client';

/** The mails of one order, newest first (GET /api/mail/outbox?orderId=). */
export async function fetchOrderMails(orderId: string): Promise<MailView[]> {
  return (await call('mailOutbox', { query: { orderId } })).mails;
}

/** Puts a failed mail back in the queue (POST /api/mail/outbox/:orderId/:mailKey/retry). */
export async function sendMailAgain(mail: Pick<MailView, 'orderId' | 'mailKey'>): Promise<MailView> {
  return (await call('mailRetry', { params: { orderId: mail.orderId, mailKey: mail.mailKey } })).mail;
}

export const MAIL_KIND_LABELS: Record<MailView['kind'], string> = {
  order_confirmation: 'Order confirmation',
  shipping_notice: 'Shipping notice',
  order_cancelled: 'Cancellation notice',
  refund: 'Refund notice',
  refund_failed: 'Failed refund notice',
  text_fixed: 'Text fix notice',
};
