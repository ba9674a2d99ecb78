import { formatUsd } from '../../shared/money';
import type { OrderItemRow, OrderRow } from '../orders/order.table';
import type { OrderUpdateMail } from '../mail/mail-outbox';
import { BRAND, button, escapeHtml, layout, type Content, type RenderContext } from '../mail/mail-layout';
import { describe, trackUrl } from './order-mail-parts';

/** How long a refund takes to reach the card, as card networks put it. */
const REFUND_DELAY = 'Refunds usually reach your card within 5-10 business days';

interface UpdateWords {
  subject: string;
  heading: string;
  /** Paragraphs, plain text; each becomes one paragraph of the HTML part. */
  paragraphs: string[];
  /** A highlighted line (an amount, a new text), or null. */
  highlight: string | null;
}

/**
 * The mails that tell a customer of a change made to their order after it was placed: a
 * cancellation (with its refund, if any), a refund, a refund that failed, the admin's fix of
 * their text. Same look as the confirmation and the shipping notice (mail-render.ts).
 */
export function orderUpdateMail(payload: string | null, order: OrderRow, items: OrderItemRow[], context: RenderContext): Content {
  const update = JSON.parse(payload ?? '{}') as OrderUpdateMail;
  const words = wordsOf(update, order, items);
  const url = trackUrl(context, order);
  const text = [`Hi ${order.customer_first_name},`, '', ...words.paragraphs.flatMap((paragraph) => [paragraph, '']), ...(words.highlight ? [words.highlight, ''] : []), `Your order: ${url}`, '', BRAND].join('\n');
  const body = `<h1 style="margin:0 0 4px;font-size:24px;color:#2a0e24">${escapeHtml(words.heading)}</h1>
<p style="margin:0 0 16px;font-size:15px;color:#6b4a5e">Order <strong style="color:#b0005a">${escapeHtml(order.order_number)}</strong>, ${escapeHtml(order.customer_first_name)}.</p>
${words.paragraphs.map((paragraph) => `<p style="margin:0 0 12px;font-size:15px;line-height:1.5;color:#2a0e24">${escapeHtml(paragraph)}</p>`).join('\n')}
${words.highlight ? `<p style="margin:0 0 16px;padding:12px 16px;background:#ffe3ef;border-radius:12px;font-size:16px;color:#2a0e24"><strong>${escapeHtml(words.highlight)}</strong></p>` : ''}
${button(url, 'View your order')}`;
  return { subject: words.subject, text, html: layout(words.heading, body) };
}

function wordsOf(update: OrderUpdateMail, order: OrderRow, items: OrderItemRow[]): UpdateWords {
  const number = order.order_number;
  switch (update.kind) {
    case 'cancelled':
      return {
        subject: `Your ${BRAND} order ${number} has been cancelled`,
        heading: 'Your order has been cancelled',
        paragraphs: [
          `We have cancelled your order ${number}; nothing will be printed or shipped.`,
          update.refundCents > 0 ? `${REFUND_DELAY}.` : 'If you have any questions about this, just reply to this e-mail.',
        ],
        highlight: update.refundCents > 0 ? `Refund: ${formatUsd(update.refundCents)}` : null,
      };
    case 'refund': {
      const full = update.amountCents >= order.total_cents;
      return {
        subject: `Your ${BRAND} refund for order ${number}`,
        heading: full ? 'Your order has been refunded' : 'Part of your order has been refunded',
        paragraphs: [`We have refunded ${full ? 'your order' : 'part of your order'} ${number} to the card you paid with.`, `${REFUND_DELAY}.`],
        highlight: `Refund: ${formatUsd(update.amountCents)}${full ? '' : ` of ${formatUsd(order.total_cents)}`}`,
      };
    }
    case 'refund_failed':
      return {
        subject: `Your ${BRAND} refund for order ${number} did not go through`,
        heading: 'Your refund did not go through',
        paragraphs: [
          `The refund of ${formatUsd(update.amountCents)} for your order ${number} was not accepted by your card's bank, so the money has not reached you yet.`,
          'We have been told and will be in touch to return it another way. You do not need to do anything; if you have questions, just reply to this e-mail.',
        ],
        highlight: `Refund not completed: ${formatUsd(update.amountCents)}`,
      };
    case 'text_fixed': {
      const item = items.find((line) => line.line_no === update.line);
      return {
        subject: `We updated the text of your ${BRAND} order ${number}`,
        heading: 'We updated your decal text',
        paragraphs: [
          `We changed the text of ${item ? `your ${describe(item)}` : `line ${update.line} of your order`} from "${update.from}" to "${update.to}", and will print it that way.`,
          'If this is not what you want, just reply to this e-mail before we print your order.',
        ],
        highlight: `New text: "${update.to}"`,
      };
    }
  }
}
