import type { MailView } from '../../../../shared/api/types';

/** What each kind of customer mail is called on the admin's screens. */
export const MAIL_KIND_LABELS: Record<MailView['kind'], string> = {
  order_confirmation: 'Order confirmation',
  shipping_notice: 'Shipping notice',
  order_cancelled: 'Cancellation notice',
  refund: 'Refund notice',
  refund_failed: 'Failed refund notice',
  text_fixed: 'Text fix notice',
};
