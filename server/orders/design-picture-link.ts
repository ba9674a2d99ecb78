import { createHmac, timingSafeEqual } from 'node:crypto';

/** Bytes of the HMAC kept in a link: 128 bits, past any guessing. */
const SIGNATURE_BYTES = 16;

/**
 * The picture of an order line's design is personal data, shown to whoever opens the mail: its
 * link carries an HMAC of the order and line under the shop's own key, so it cannot be guessed or
 * made for another order, and stays the same however often the mail is opened.
 */
export function designPictureSignature(key: Buffer, orderId: string, line: number): string {
  return createHmac('sha256', key).update(`design-picture:${orderId}:${line}`).digest().subarray(0, SIGNATURE_BYTES).toString('base64url');
}

export function isDesignPictureSignature(key: Buffer, orderId: string, line: number, signature: string): boolean {
  const expected = Buffer.from(designPictureSignature(key, orderId, line));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The shop's address of the picture (GET /api/design-pictures/:orderId/:line/:file). */
export function designPictureUrl(publicUrl: string, key: Buffer, orderId: string, line: number): string {
  return `${publicUrl}/api/design-pictures/${encodeURIComponent(orderId)}/${line}/${designPictureSignature(key, orderId, line)}.png`;
}
