import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * What the gateway keeps of a charge so that its order can be written again after the shop's
 * database was restored from a backup taken before it (payment.rebuild.ts): the cart snapshot and
 * the shop's record's keys, in metadata values of at most 500 characters (Stripe allows 50 keys of
 * 500). As JSON, cut where no character is split: the snapshot is already JSON for its own row, so
 * a checkout pays no serialising; a cart too long for that is deflated (base64, which never starts
 * with `{`), and one too large even then (thousands of characters of text across dozens of lines)
 * is not sent, and its order could not be rebuilt (docs/deploy.md).
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

/** `snapshotJson`: JSON.stringify of the snapshot, as stored on the intent's row. */
export function orderRecordMetadata(record: { snapshotJson: string; idempotencyKey: string | null; requestHash: string | null }): Record<string, string> {
  const json = `{"v":${FORMAT},"k":${JSON.stringify(record.idempotencyKey)},"h":${JSON.stringify(record.requestHash)},"s":${record.snapshotJson}}`;
  const chunks = chunksOf(json) ?? chunksOf(deflateRawSync(json).toString('base64'));
  if (!chunks) return {};
  return Object.fromEntries(chunks.map((chunk, index) => [`${KEY_PREFIX}${index}`, chunk]));
}

/** At most MAX_CHUNKS values of at most VALUE_LENGTH characters, never cutting a surrogate pair apart. */
function chunksOf(text: string): string[] | null {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; ) {
    if (chunks.length === MAX_CHUNKS) return null;
    let end = Math.min(text.length, start + VALUE_LENGTH);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

/** The record a charge's metadata carries, or null when it carries none (or not whole). */
export function orderRecordOf(metadata: Record<string, string>): OrderRecord | null {
  let joined = '';
  for (let i = 0; metadata[`${KEY_PREFIX}${i}`] !== undefined; i++) joined += metadata[`${KEY_PREFIX}${i}`];
  if (!joined) return null;
  try {
    const json = joined.startsWith('{') ? joined : inflateRawSync(Buffer.from(joined, 'base64')).toString('utf8');
    const parsed = JSON.parse(json) as { v: number; k: string | null; h: string | null; s: { customer?: unknown; items?: unknown } };
    if (parsed.v !== FORMAT || !parsed.s?.customer || !Array.isArray(parsed.s.items)) return null;
    return { snapshot: parsed.s, idempotencyKey: parsed.k, requestHash: parsed.h };
  } catch {
    return null;
  }
}
