import { colorHex, priceOf, productTypeOfVariant } from '../../shared/catalog';
import { decalPlacementOf, printAreaFor } from '../../shared/decal';
import { toCents, toDollars } from '../../shared/money';
import { PAYMENT_MESSAGES } from '../../shared/payments';
import { computeTotals, type Discount, type Totals } from '../../shared/pricing';
import type { OrderPayload } from '../../shared/schemas/order';
import { HttpError } from '../errors/http-error';
import { INITIAL_PAID_ORDER_STATUS } from '../../shared/order-status';
import type { NewOrder, NewOrderItem } from '../orders/order.repository';
import type { OrderHistoryTable } from '../orders/order.table';
import { timeOrderedId } from '../db/time-ordered-id';
import { SHOP_INTENT_METADATA_KEY, type GatewayIntent, type PaymentGateway } from './gateway';
import type { PaymentIntentRow } from './payment.table';
import { orderRecordMetadata } from './order-metadata';

/** Everything needed to write the order later, stored with the intent before the card is charged. */
export interface IntentSnapshot {
  userId: number | null;
  customer: NewOrder['customer'];
  shippingAddress: NewOrder['shippingAddress'];
  billingAddress: NewOrder['billingAddress'];
  items: NewOrderItem[];
  totals: Totals;
  specialInstructions: string | null;
  marketing: boolean;
  paymentMethod: string;
}

/** The cart part shared by the create-intent, order and checkout payloads. */
export type PricedCartInput = Pick<OrderPayload, 'customerInfo' | 'shippingAddress' | 'items' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'discountCode'> & {
  billingAddress?: OrderPayload['billingAddress'] | null;
  specialInstructions?: string | null;
  marketing?: boolean;
};

/**
 * The items were checked against the catalogue by the payload's schema (shared/schemas/cart.ts).
 * Recomputes the totals from the catalogue (never from client prices) with the code the server
 * resolved (server/discounts/), and refuses, with 422
 * TOTAL_MISMATCH, a client whose unit prices, subtotal, shipping, tax or total differ.
 */
export function priceCart(input: PricedCartInput, freeShippingThresholdCents: number, discount: Discount | null): Totals {
  const totals = computeTotals(input.items, { discount, freeShippingThresholdCents });
  const mismatches: { path: string; message: string }[] = [];
  input.items.forEach((item, index) => {
    if (toCents(item.price) !== priceOf(item.device).priceCents) mismatches.push({ path: `items.${index}.price`, message: `Item ${index + 1}: Invalid price` });
  });
  for (const field of ['subtotal', 'shipping', 'tax', 'total'] as const) {
    if (toCents(input[field]) !== totals[field]) mismatches.push({ path: field, message: `${field} should be ${toDollars(totals[field]).toFixed(2)}` });
  }
  if (mismatches.length) {
    throw new HttpError(422, 'TOTAL_MISMATCH', PAYMENT_MESSAGES.totalMismatch, mismatches, {
      expected: {
        unitPrice: toDollars(priceOf(input.items[0]?.device ?? '').priceCents),
        subtotal: toDollars(totals.subtotal),
        discount: toDollars(totals.discount),
        shipping: toDollars(totals.shipping),
        tax: toDollars(totals.tax),
        total: toDollars(totals.total),
      },
    });
  }
  return totals;
}

export function buildSnapshot(input: PricedCartInput, totals: Totals, userId: number | null, paymentMethod = 'card'): IntentSnapshot {
  const billing = input.billingAddress;
  return {
    userId,
    customer: { ...input.customerInfo },
    shippingAddress: { ...input.shippingAddress, country: input.shippingAddress.country || 'United States' },
    billingAddress: billing ? { ...billing } : null,
    items: input.items.map((item) => {
      // The variant decides the product (and its print area), never what the client sent (design.md §6).
      const productType = productTypeOfVariant(item.device)?.id ?? null;
      return {
        device: item.device,
        productType,
        caseType: item.caseType,
        text: item.text,
        color: item.color,
        font: item.font,
        fontSize: item.fontSize,
        logo: item.logo,
        unitPriceCents: priceOf(item.device).priceCents,
        quantity: item.quantity,
        // The catalogue facts the order keeps (design.md §9): a later price or area edit changes no placed order.
        printArea: printAreaFor(productType ?? 'phone-case', item.device),
        colorHex: colorHex(item.color),
        placementGuide: decalPlacementOf(item).guide,
      };
    }),
    totals,
    specialInstructions: input.specialInstructions?.trim() || null,
    marketing: input.marketing ?? false,
    paymentMethod,
  };
}

/** The snapshot with what the gateway says paid (a wallet, Link), which outranks what the client said. */
export function paidWith(snapshot: IntentSnapshot, intent: GatewayIntent | undefined): IntentSnapshot {
  return intent?.paymentMethod ? { ...snapshot, paymentMethod: intent.paymentMethod } : snapshot;
}

export function newOrderFromSnapshot(snapshot: IntentSnapshot, intentId: string, source: OrderHistoryTable['source'], now: number): NewOrder {
  return {
    userId: snapshot.userId,
    customer: snapshot.customer,
    shippingAddress: snapshot.shippingAddress,
    billingAddress: snapshot.billingAddress,
    items: snapshot.items,
    totals: snapshot.totals,
    status: INITIAL_PAID_ORDER_STATUS,
    specialInstructions: snapshot.specialInstructions,
    marketing: snapshot.marketing,
    paymentIntentId: intentId,
    paymentMethod: snapshot.paymentMethod,
    paymentStatus: 'succeeded',
    source,
    createdAt: now,
  };
}

/** The shop's record of a gateway intent, with the cart snapshot it was created for. */
export function paymentIntentRow(
  intent: GatewayIntent,
  provider: PaymentGateway['provider'],
  snapshot: IntentSnapshot,
  idempotencyKey: string,
  now: number,
): PaymentIntentRow {
  return {
    id: intent.id,
    provider,
    amount_cents: intent.amountCents,
    currency: intent.currency,
    status: intent.status,
    snapshot: JSON.stringify(snapshot),
    order_id: null,
    idempotency_key: idempotencyKey,
    last_error_code: null,
    answer_status: null,
    answer_body: null,
    request_hash: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * A checkout's record before its charge (Stripe: one request creates and confirms the intent, so
 * its id is not known yet). The snapshot is durable under this shop id before any card is charged;
 * the charge names the id in its metadata, and the record takes the gateway's id once the answer
 * is in (adoptGatewayIntent), from the checkout, the webhook or the start-up reconciliation.
 */
const SHOP_INTENT_PREFIX = 'shop_pi';

export function pendingIntentRow(provider: PaymentGateway['provider'], snapshot: IntentSnapshot, idempotencyKey: string, currency: string, now: number): PaymentIntentRow {
  const id = timeOrderedId(SHOP_INTENT_PREFIX, now);
  return paymentIntentRow({ id, clientSecret: null, amountCents: snapshot.totals.total, currency, status: 'requires_payment_method' }, provider, snapshot, idempotencyKey, now);
}

/** True for a record whose charge's gateway id is not known yet (pendingIntentRow). */
export function isPendingIntent(row: Pick<PaymentIntentRow, 'id'>): boolean {
  return row.id.startsWith(`${SHOP_INTENT_PREFIX}_`);
}

/**
 * The charge's metadata: the shop's record it belongs to (for the webhook and reconciliation), the
 * customer, and the record itself, for a rebuild after a restore (order-metadata.ts).
 */
export function chargeMetadata(row: PaymentIntentRow, snapshot: IntentSnapshot): Record<string, string> {
  const record = orderRecordMetadata({ snapshotJson: row.snapshot, idempotencyKey: row.idempotency_key, requestHash: row.request_hash });
  return { [SHOP_INTENT_METADATA_KEY]: row.id, customer_email: snapshot.customer.email, ...record };
}
