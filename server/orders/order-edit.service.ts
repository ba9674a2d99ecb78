import type { LineDesign } from '../../shared/api/types';
import { toDollars } from '../../shared/money';
import { customerNameOf, orderSearchText } from '../../shared/orders/order-filter';
import { checkEditedLine, isLineEditable, ORDER_EDIT_MESSAGES } from '../../shared/schemas/order-edits';
import type { AppContext } from '../app-context';
import { inTransaction } from '../db/transaction';
import { HttpError, notFound } from '../errors/http-error';
import { mailQueueingOf, queueOrderUpdateMail } from '../mail/mail-outbox';
import { refuseEditedLineThatDoesNotFit } from '../catalog/decal-fit';
import { printFonts } from '../catalog/print-fonts';
import { nextChangeSeq } from './change-sequence.repository';
import { prepareCutDesigns } from './cut-design-requests';
import { findLineEditAt, updateOrderLine } from './order-edit.repository';
import { findOrderById, findOrderByNumberAndEmail, insertHistoryRow, loadItems, updateOrderAtVersion } from './order.repository';
import type { OrderItemRow, OrderRow } from './order.table';

export interface LineEditRequest {
  /** The order, by id (admin) or by its number and e-mail (the shopper's proof, as the order lookup). */
  order: { id: string } | { orderNumber: string; email: string };
  line: number;
  changes: Partial<LineDesign>;
  /** The order version the editor saw. */
  baseVersion: number;
  actor: { id: number | null; name: string | null };
  source: 'api' | 'customer';
}

/** The usable area the line was ordered with, where the order recorded it. */
const placedArea = (item: OrderItemRow) =>
  item.print_width_mm != null && item.print_length_mm != null ? { width: item.print_width_mm, length: item.print_length_mm } : null;
const designOf = (item: OrderItemRow): LineDesign => ({ text: item.text, color: item.color, font: item.font });
const sameDesign = (a: LineDesign, b: LineDesign) => a.text === b.text && a.color === b.color && a.font === b.font;

/**
 * Changes one line's text, colour or font while the order is not yet printed, in one transaction:
 * the line, the order's search text, a new version and change sequence (the admin tablets' pull
 * picks the edit up) and a history entry naming who changed what from what. The design the line
 * becomes is checked with the cart's schema, so the designer's and checkout's rules and messages
 * apply; the print file is drawn from the line when asked for, so it follows the edit.
 *
 * Retrying an edit that was applied (its answer lost) answers the order as it is, like a sync
 * mutation whose status the order already has; any other edit from a stale version is a 409.
 */
export async function editOrderLine(app: AppContext, request: LineEditRequest): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  // The fonts are read before the transaction, which then only lays the edited line out.
  await printFonts();
  const edited = await writeLineEdit(app, request);
  // The edited line is a new design for the cut jobs: worked out now, in the background.
  if (isLineEditable(edited.order.status)) prepareCutDesigns(app, [edited.order.id]);
  return edited;
}

function writeLineEdit(app: AppContext, request: LineEditRequest): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  return inTransaction(app.db)(async (trx) => {
    const order = 'id' in request.order ? await findOrderById(trx, request.order.id) : await findOrderByNumberAndEmail(trx, request.order.orderNumber, request.order.email);
    if (!order) throw notFound('Order not found');
    const items = (await loadItems(trx, [order.id])).get(order.id) ?? [];
    const item = items.find((candidate) => candidate.line_no === request.line);
    if (!item) throw notFound(ORDER_EDIT_MESSAGES.lineNotFound, 'LINE_NOT_FOUND');

    const checked = checkEditedLine({
      device: item.device,
      caseType: item.case_type,
      text: request.changes.text ?? item.text,
      color: request.changes.color ?? item.color,
      font: request.changes.font ?? item.font,
      fontSize: item.font_size,
      logo: item.logo === 1,
      price: toDollars(item.unit_price_cents),
      quantity: item.quantity,
    }, { color: item.color, font: item.font });
    if (!checked.ok) throw new HttpError(422, checked.code ?? 'VALIDATION_ERROR', checked.errors[0]!.message, checked.errors, checked.limits && { limits: checked.limits.map((limit) => ({ line: request.line, ...limit })) });
    const from = designOf(item);
    const to: LineDesign = { text: checked.line.text, color: checked.line.color, font: checked.line.font };
    if (!sameDesign(from, to)) await refuseEditedLineThatDoesNotFit(request.line, { ...checked.line, printArea: placedArea(item) });

    if (order.version !== request.baseVersion) {
      if (sameDesign(from, to) && (await wasThisEdit(trx, order, request.line, to))) return { order, items };
      throw new HttpError(409, 'VERSION_CONFLICT', ORDER_EDIT_MESSAGES.versionConflict, undefined, { version: order.version });
    }
    if (!isLineEditable(order.status)) throw new HttpError(409, 'ORDER_NOT_EDITABLE', ORDER_EDIT_MESSAGES.notEditable);
    if (sameDesign(from, to)) throw new HttpError(422, 'NO_CHANGE', ORDER_EDIT_MESSAGES.noChange);

    const now = app.now();
    const version = order.version + 1;
    const edited = items.map((line) => (line.line_no === request.line ? { ...line, ...to } : line));
    const update = {
      version,
      change_seq: await nextChangeSeq(trx),
      updated_at: now,
      search_text: orderSearchText({
        orderNumber: order.order_number,
        customerName: customerNameOf(order.customer_first_name, order.customer_last_name),
        customerEmail: order.customer_email,
        itemTexts: edited.map((line) => line.text),
        trackingNumber: order.tracking_number,
      }),
    };
    if (!(await updateOrderAtVersion(trx, order.id, order.version, update))) {
      throw new HttpError(409, 'VERSION_CONFLICT', ORDER_EDIT_MESSAGES.versionConflict);
    }
    await updateOrderLine(trx, order.id, request.line, to);
    await insertHistoryRow(trx, {
      order_id: order.id,
      version,
      from_status: order.status,
      to_status: order.status,
      tracking_number: null,
      changed_by_user_id: request.actor.id,
      changed_by_name: request.actor.name,
      source: request.source,
      mutation_id: null,
      changed_at: now,
      line_no: request.line,
      line_from: JSON.stringify(from),
      line_to: JSON.stringify(to),
    });
    // A shopper who fixed their own text knows; one whose text the print room changed is told.
    if (request.source === 'api' && from.text !== to.text) {
      await queueOrderUpdateMail(trx, mailQueueingOf(app.config), order.id, { kind: 'text_fixed', version, line: request.line, from: from.text, to: to.text }, now);
    }
    return { order: { ...order, ...update }, items: edited };
  });
}

/** Whether the order's last change was this very edit (a retry whose first answer was lost). */
async function wasThisEdit(trx: Parameters<typeof findLineEditAt>[0], order: OrderRow, line: number, to: LineDesign): Promise<boolean> {
  const last = await findLineEditAt(trx, order.id, order.version);
  return last?.line_no === line && last.line_to === JSON.stringify(to);
}
