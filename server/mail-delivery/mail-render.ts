import { formatUsd } from '../../shared/money';
import type { OrderItemRow, OrderRow } from '../orders/order.table';
import { designPictureUrl } from '../orders/design-picture-link';
import type { MailKind } from '../mail/mail.table';
import { BRAND, button, escapeHtml, layout, type Content, type RenderContext, type RenderedMail } from '../mail/mail-layout';
import { addressLines, describe, trackUrl } from './order-mail-parts';
import { orderUpdateMail } from './order-update-mail';

export type { RenderContext, RenderedMail } from '../mail/mail-layout';

/** An order mail's context: the shop's address and the key its design pictures' links are signed with (base64url). */
export interface OrderMailContext extends RenderContext {
  designPictureKey: string;
}

/** What the renderer needs of a queued mail. */
export interface MailToRender {
  kind: MailKind;
  messageId: string;
  /** JSON of the mail's own data (a shipping notice's tracking number), or null. */
  payload: string | null;
}

/** CSS pixels wide a mail shows a design picture at; the PNG has twice as many, for sharp screens. */
const DESIGN_PICTURE_WIDTH = 280;

const DISPATCH_ESTIMATE = 'Dispatched within 2-3 business days';

/**
 * The mail a queued row stands for, from the order as it is now (its lines and address never
 * change), to the address the order was placed with.
 */
export function renderMail(mail: MailToRender, order: OrderRow, items: OrderItemRow[], context: OrderMailContext): RenderedMail {
  const content =
    mail.kind === 'order_confirmation'
      ? orderConfirmation(order, items, context)
      : mail.kind === 'shipping_notice'
        ? shippingNotice(mail, order, items, context)
        : orderUpdateMail(mail.payload, order, items, context);
  return { messageId: mail.messageId, from: context.from, to: order.customer_email, ...content };
}

/** The confirmation's link to fix a typo: the tracking page, opened on the text fix. */
const FIX_TEXT_NOTE = 'Spotted a typo? You can fix your text until we print your order';
const fixUrl = (trackUrl: string) => `${trackUrl}&fix=1`;

/**
 * Each line shows its design as a picture the shop serves by a signed link (print-files/
 * design-picture.service.ts), drawn once when first opened rather than into every mail.
 */
function orderConfirmation(order: OrderRow, items: OrderItemRow[], context: OrderMailContext): Content {
  const key = Buffer.from(context.designPictureKey, 'base64url');
  const url = trackUrl(context, order);
  const totals: [string, string][] = [
    ['Subtotal', formatUsd(order.subtotal_cents)],
    ...(order.discount_cents > 0 ? [[`Discount${order.discount_code ? ` (${order.discount_code})` : ''}`, `-${formatUsd(order.discount_cents)}`] as [string, string]] : []),
    ['Shipping', order.shipping_cents === 0 ? 'FREE' : formatUsd(order.shipping_cents)],
    ['Tax', formatUsd(order.tax_cents)],
  ];
  const address = addressLines(order);
  const text = [
    `Thanks for your order, ${order.customer_first_name}!`,
    '',
    `Order number: ${order.order_number}`,
    `${DISPATCH_ESTIMATE}.`,
    '',
    ...items.map((item) => `- "${item.text}": ${describe(item)}, ${item.quantity} x ${formatUsd(item.unit_price_cents)} = ${formatUsd(item.unit_price_cents * item.quantity)}`),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    `Total: ${formatUsd(order.total_cents)}`,
    '',
    'Shipping to:',
    ...address,
    '',
    `Track your order: ${url}`,
    `${FIX_TEXT_NOTE}: ${fixUrl(url)}`,
    '',
    `${BRAND}`,
  ].join('\n');
  const lines = items
    .map((item) => {
      const picture = designPictureUrl(context.publicUrl, key, order.id, item.line_no);
      return `<tr><td style="padding:12px 0;border-bottom:1px solid #f3d6e4">
<img src="${escapeHtml(picture)}" width="${DESIGN_PICTURE_WIDTH}" alt="${escapeHtml(`Design: “${item.text}” in ${item.color}`)}" style="display:block;max-width:100%;height:auto;border:0">
<p style="margin:8px 0 0;font-size:15px;color:#2a0e24"><strong>${escapeHtml(item.text)}</strong></p>
<p style="margin:2px 0 0;font-size:13px;color:#6b4a5e">${escapeHtml(describe(item))} &middot; ${item.quantity} &times; ${formatUsd(item.unit_price_cents)}</p>
</td><td style="padding:12px 0;border-bottom:1px solid #f3d6e4;text-align:right;vertical-align:top;font-size:15px;color:#2a0e24;white-space:nowrap">${formatUsd(item.unit_price_cents * item.quantity)}</td></tr>`;
    })
    .join('\n');
  const totalRows = totals.map(([label, value]) => `<tr><td style="padding:3px 0;color:#6b4a5e">${escapeHtml(label)}</td><td style="padding:3px 0;text-align:right">${escapeHtml(value)}</td></tr>`).join('\n');
  const body = `<h1 style="margin:0 0 4px;font-size:24px;color:#2a0e24">Thanks for your order, ${escapeHtml(order.customer_first_name)}!</h1>
<p style="margin:0 0 16px;font-size:15px;color:#6b4a5e">Order <strong style="color:#b0005a">${escapeHtml(order.order_number)}</strong> is confirmed. ${DISPATCH_ESTIMATE}.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${lines}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:12px;font-size:14px;color:#2a0e24">${totalRows}
<tr><td style="padding:8px 0 0;font-size:17px;font-weight:700">Total</td><td style="padding:8px 0 0;text-align:right;font-size:17px;font-weight:700">${formatUsd(order.total_cents)}</td></tr></table>
<h2 style="margin:24px 0 4px;font-size:16px;color:#2a0e24">Shipping to</h2>
<p style="margin:0;font-size:14px;line-height:1.5;color:#2a0e24">${address.map(escapeHtml).join('<br>')}</p>
${button(url, 'Track your order')}
<p style="margin:0;font-size:14px;color:#6b4a5e">${escapeHtml(FIX_TEXT_NOTE)}: <a href="${escapeHtml(fixUrl(url))}" style="color:#b0005a">fix your text</a></p>`;
  return { subject: `Your ${BRAND} order ${order.order_number} is confirmed`, text, html: layout(`Order ${order.order_number} confirmed`, body) };
}

function shippingNotice(mail: MailToRender, order: OrderRow, items: OrderItemRow[], context: RenderContext): Content {
  const trackingNumber = (mail.payload ? (JSON.parse(mail.payload) as { trackingNumber: string | null }).trackingNumber : null) ?? order.tracking_number;
  const url = trackUrl(context, order);
  const tracking = trackingNumber ? `Tracking number: ${trackingNumber}` : 'Your tracking number will follow.';
  const address = addressLines(order);
  const text = [
    `Good news, ${order.customer_first_name}: your order ${order.order_number} is on its way!`,
    '',
    tracking,
    '',
    ...items.map((item) => `- "${item.text}": ${describe(item)} x ${item.quantity}`),
    '',
    'Shipping to:',
    ...address,
    '',
    `Follow your order: ${url}`,
    '',
    BRAND,
  ].join('\n');
  const body = `<h1 style="margin:0 0 4px;font-size:24px;color:#2a0e24">Your order is on its way!</h1>
<p style="margin:0 0 16px;font-size:15px;color:#6b4a5e">Order <strong style="color:#b0005a">${escapeHtml(order.order_number)}</strong> has shipped, ${escapeHtml(order.customer_first_name)}.</p>
${trackingNumber ? `<p style="margin:0 0 16px;padding:12px 16px;background:#ffe3ef;border-radius:12px;font-size:16px;color:#2a0e24">Tracking number: <strong style="font-family:Menlo,Consolas,monospace;letter-spacing:0.05em">${escapeHtml(trackingNumber)}</strong></p>` : `<p>${escapeHtml(tracking)}</p>`}
<ul style="margin:0 0 16px;padding-left:20px;font-size:14px;color:#2a0e24">${items.map((item) => `<li>“${escapeHtml(item.text)}”: ${escapeHtml(describe(item))} &times; ${item.quantity}</li>`).join('')}</ul>
<h2 style="margin:16px 0 4px;font-size:16px;color:#2a0e24">Shipping to</h2>
<p style="margin:0;font-size:14px;line-height:1.5;color:#2a0e24">${address.map(escapeHtml).join('<br>')}</p>
${button(url, 'Follow your order')}`;
  return { subject: `Your ${BRAND} order ${order.order_number} has shipped`, text, html: layout(`Order ${order.order_number} shipped`, body) };
}


