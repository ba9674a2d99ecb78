import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * What the gateway keeps of a charge so that its order can be written again after the shop's
 * database was restored from a backup taken before it (payment.rebuild.ts): the cart snapshot and
 * the shop's record's keys, deflated, base64, in metadata values of at most 500 characters (Stripe
 * allows 50 keys of 500). A cart too large for them (thousands of characters of text across
 * dozens of lines) is not sent, and its order could not be rebuilt (docs/deploy.md).
 */
export interface OrderRecord<Snapshot = unknown> {
  /** The IntentSnapshot (payment.snapshot.ts) the record was stored with. */
  snapshot: Snapshot;
  /** The record's idempotency key, so a retry after the restore finds the rebuilt order. */
  idempotencyKey: string | null;
  requestHash: string | null;
}

const KEY_PREFIX = 'shop_order_';
const VALUE_LENGTH = 500;
/** Leaves Stripe's other 10 keys for shop_intent, customer_email and whatever comes later. */
const MAX_CHUNKS = 40;
const FORMAT = 1;

export function orderRecordMetadata(record: OrderRecord<object>): Record<string, string> {
  const json = JSON.stringify({ v: FORMAT, k: record.idempotencyKey, h: record.requestHash, s: record.snapshot });
  const encoded = deflateRawSync(json).toString('base64');
  const chunks = Math.ceil(encoded.length / VALUE_LENGTH);
  if (chunks > MAX_CHUNKS) return {};
  const metadata: Record<string, string> = {};
  for (let i = 0; i < chunks; i++) metadata[`${KEY_PREFIX}${i}`] = encoded.slice(i * VALUE_LENGTH, (i + 1) * VALUE_LENGTH);
  return metadata;
}

/** The record a charge's metadata carries, or null when it carries none (or not whole). */
export function orderRecordOf(metadata: Record<string, string>): OrderRecord | null {
  let encoded = '';
  for (let i = 0; metadata[`${KEY_PREFIX}${i}`] !== undefined; i++) encoded += metadata[`${KEY_PREFIX}${i}`];
  if (!encoded) return null;
  try {
    const parsed = JSON.parse(inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8')) as { v: number; k: string | null; h: string | null; s: { customer?: unknown; items?: unknown } };
    if (parsed.v !== FORMAT || !parsed.s?.customer || !Array.isArray(parsed.s.items)) return null;
    return { snapshot: parsed.s, idempotencyKey: parsed.k, requestHash: parsed.h };
  } catch {
    return null;
  }
}
