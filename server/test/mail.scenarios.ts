import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { checkoutBody } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { loadDesignFonts } from '../../shared/render';
import { fileFontSource } from '../../shared/render/node-font-source';
import { designPicturePng } from '../print-files/design-picture';
import { orderByNumber, mailsOf, startTestSmtpServer, waitFor, type TestSmtpServer } from '../mail/mail.test-support';

/** The sender polls this often in these tests (a second in production). */
const TEST_POLL_MS = 100;

/**
 * Test-only: the mail scenarios, run against a real SMTP server in the test process,
 * on the database of the run (mail.test.ts: SQLite in the `node` project, PostgreSQL in `node-pg`).
 */
export function mailDeliveryScenarios() {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Villa Prints <orders@villa-prints.test>',
      PUBLIC_URL: 'https://shop.example.com',
      MAIL_RETRY_BASE_MS: '100',
      MAIL_MAX_ATTEMPTS: '3',
      MAIL_SEND_TIMEOUT_MS: '500',
      MAIL_POLL_MS: String(TEST_POLL_MS),
    });
    admin = (await createUserWithToken(t, 'admin')).token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function checkout(key: string) {
    const answer = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [2, 1]), headers: { 'Idempotency-Key': key } });
    expect(answer.status).toBe(201);
    return orderByNumber(t, answer.body.order.orderNumber);
  }

  const mailsTo = (orderNumber: string, kind: 'confirmed' | 'shipped') => smtp.received.filter((mail) => mail.subject.includes(orderNumber) && mail.subject.endsWith(kind === 'confirmed' ? 'is confirmed' : 'has shipped'));

  /** Lets the sender poll several times more, so a second copy would have arrived. */
  const quietPeriod = () => new Promise((resolve) => setTimeout(resolve, 5 * TEST_POLL_MS));

  it('a checkout sends exactly one confirmation: each line with its design image, totals, address, dispatch estimate, a link to tracking', async () => {
    const order = await checkout('mail-confirm-1');
    const [mail] = await waitFor('the confirmation', () => mailsTo(order.order_number, 'confirmed').length > 0 && mailsTo(order.order_number, 'confirmed'));
    // The same request again (a retried checkout) neither writes nor mails anything new.
    await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [2, 1]), headers: { 'Idempotency-Key': 'mail-confirm-1' } });
    await quietPeriod();
    expect(mailsTo(order.order_number, 'confirmed')).toHaveLength(1);

    expect(mail!.to).toEqual(['maya@example.com']);
    expect(mail!.messageId).toBe(`<confirmation.${order.id}@villa-prints.test>`);
    const raw = mail!.raw;
    expect(raw).toMatch(/^From: Villa Prints <orders@villa-prints\.test>/m);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    // Both design lines as pictures on the shop, by signed links; nothing drawn into the mail.
    expect(raw).not.toContain('Content-Type: image/png');
    expect(pictureLinks(decodedPart(raw, 'text/html'))).toEqual([
      expect.stringMatching(new RegExp(`^https://shop\\.example\\.com/api/design-pictures/${order.id}/1/[\\w-]{22}\\.png$`)),
      expect.stringMatching(new RegExp(`^https://shop\\.example\\.com/api/design-pictures/${order.id}/2/[\\w-]{22}\\.png$`)),
    ]);
    const text = decodedTextPart(raw);
    expect(text).toContain(`Order number: ${order.order_number}`);
    expect(text).toContain('"Bombshell 1": Vinyl decal · iPhone 14 Pro · Inter, 12 mm letters, Hot Pink, 2 x $5.95 = $11.90');
    expect(text).toContain('"Bombshell 2"');
    expect(text).toContain('Total: $19.37');
    expect(text).toContain('1 Villa Road');
    expect(text).toContain('Dispatched within 2-3 business days');
    expect(text).toContain(`https://shop.example.com/orders/track?order=${order.order_number}`);
    // The way to fix a typo before it is printed.
    expect(text).toContain(`Spotted a typo? You can fix your text until we print your order: https://shop.example.com/orders/track?order=${order.order_number}&fix=1`);
    expect(await mailsOf(t, order.id)).toMatchObject([{ mailKey: 'confirmation', state: 'sent', attempts: 1, lastError: null, messageId: mail!.messageId, recipient: 'maya@example.com' }]);
  }, 30_000);

  it("each picture link of a confirmation answers the PNG of that line's design, cacheable, new after a text fix; a tampered link is 404", async () => {
    const order = await checkout('mail-picture-1');
    const other = await checkout('mail-picture-2');
    const [mail] = await waitFor('the confirmation', () => mailsTo(order.order_number, 'confirmed').length > 0 && mailsTo(order.order_number, 'confirmed'));
    const paths = pictureLinks(decodedPart(mail!.raw, 'text/html')).map((link) => new URL(link).pathname);
    const items = await t.app.context.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('line_no').execute();
    const fonts = await loadDesignFonts(fileFontSource);
    expect(paths).toHaveLength(items.length);
    for (const [index, path] of paths.entries()) {
      const picture = await fetch(t.url + path);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/png');
      expect(picture.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
      const png = Buffer.from(await picture.arrayBuffer());
      expect(png.equals(designPicturePng(items[index]!, fonts))).toBe(true);
      // Asked again with its ETag, as a cache revalidates (fetch alone would add `no-cache`, a reload), it is told it still has it.
      const again = await fetch(t.url + path, { headers: { 'If-None-Match': picture.headers.get('etag')!, 'Cache-Control': 'max-age=0' } });
      expect(again.status).toBe(304);
    }
    const [first] = paths as [string];
    const signature = /\/([\w-]+)\.png$/.exec(first)![1]!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const tampered of [
      first.replace(`/${signature}.png`, `/${flipped}.png`),
      first.replace('/1/', '/2/'),
      first.replace(order.id, other.id),
      first.replace('.png', '.gif'),
      `/api/design-pictures/${order.id}/1/${'A'.repeat(22)}.png`,
    ]) {
      const answer = await t.request('GET', tampered);
      expect(answer.status, tampered).toBe(404);
      expect(answer.body).toEqual({ error: 'Picture not found.', code: 'NOT_FOUND' });
    }

    // The admin fixes the text: the same link now shows the new design, under a new ETag.
    const before = await fetch(t.url + first);
    const { version } = await orderByNumber(t, order.order_number);
    expect((await t.request('PATCH', `/api/orders/${order.id}/items/1`, { token: admin, body: { text: 'Fixed', baseVersion: version } })).status).toBe(200);
    const after = await fetch(t.url + first);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const fixed = await t.app.context.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).where('line_no', '=', 1).executeTakeFirstOrThrow();
    expect(fixed.text).toBe('Fixed');
    expect(Buffer.from(await after.arrayBuffer()).equals(designPicturePng(fixed, fonts))).toBe(true);
  }, 30_000);

  it('a change to shipped sends one shipping notice with the tracking number, by PATCH and by sync push (replayed)', async () => {
    const patched = await checkout('mail-ship-patch');
    const change = await t.request('PATCH', `/api/orders/${patched.id}/status`, { token: admin, body: { status: 'shipped', trackingNumber: 'TRKPATCH0001' } });
    expect(change.status).toBe(200);
    // The same status again changes nothing and mails nothing.
    await t.request('PATCH', `/api/orders/${patched.id}/status`, { token: admin, body: { status: 'shipped', trackingNumber: 'TRKPATCH0001' } });

    const pushed = await checkout('mail-ship-sync');
    const mutation = { id: `m-${pushed.id}`, orderId: pushed.id, type: 'setStatus', status: 'shipped', trackingNumber: 'TRKSYNC00002', baseVersion: pushed.version, at: new Date().toISOString() };
    const push = await t.request('POST', '/api/sync/push', { token: admin, body: { mutations: [mutation] } });
    expect(push.body.results[0].result).toBe('applied');
    const replay = await t.request('POST', '/api/sync/push', { token: admin, body: { mutations: [mutation] } });
    expect(replay.body.results[0].result).toBe('duplicate');

    await waitFor('both shipping notices', () => mailsTo(patched.order_number, 'shipped').length && mailsTo(pushed.order_number, 'shipped').length);
    await quietPeriod();
    for (const [order, tracking] of [[patched, 'TRKPATCH0001'], [pushed, 'TRKSYNC00002']] as const) {
      const notices = mailsTo(order.order_number, 'shipped');
      expect(notices).toHaveLength(1);
      expect(decodedTextPart(notices[0]!.raw)).toContain(`Tracking number: ${tracking}`);
      expect(notices[0]!.messageId).toBe(`<shipped-v2.${order.id}@villa-prints.test>`);
    }
  }, 40_000);

  it('an SMTP server that refuses or times out leaves the mail queued and retried, visible to the admin, and it goes out once it answers', async () => {
    for (const behaviour of ['refuse', 'stall'] as const) {
      smtp.behave(behaviour);
      const turnedAwayBefore = smtp.turnedAway;
      const order = await checkout(`mail-${behaviour}`);
      const failing = await waitFor(`a failed attempt (${behaviour})`, async () => {
        const [row] = await mailsOf(t, order.id);
        return row !== undefined && row.attempts >= 1 && row.lastError !== null && row;
      });
      expect(failing.state).not.toBe('sent');
      expect(smtp.turnedAway).toBeGreaterThan(turnedAwayBefore);
      const seen = await t.request('GET', `/api/mail/outbox?orderId=${order.id}`, { token: admin });
      expect(seen.status).toBe(200);
      expect(seen.body.mails[0]).toMatchObject({ orderNumber: order.order_number, kind: 'order_confirmation', lastError: expect.stringMatching(behaviour === 'refuse' ? /451|try again later/i : /timeout|timed out/i) });

      // After MAIL_MAX_ATTEMPTS it is failed, listed for the admin with its error, until sent again.
      await waitFor(`the mail to fail for good (${behaviour})`, async () => (await mailsOf(t, order.id))[0]?.state === 'failed');
      const failed = await t.request('GET', '/api/mail/outbox?state=failed', { token: admin });
      expect(failed.body.mails.map((mail: { orderId: string }) => mail.orderId)).toContain(order.id);
      expect(mailsTo(order.order_number, 'confirmed')).toHaveLength(0);

      smtp.behave('accept');
      const retry = await t.request('POST', `/api/mail/outbox/${order.id}/confirmation/retry`, { token: admin });
      expect(retry.status).toBe(200);
      expect(retry.body.mail).toMatchObject({ state: 'queued', attempts: 0 });
      await waitFor(`the mail after the retry (${behaviour})`, () => mailsTo(order.order_number, 'confirmed').length);
      await quietPeriod();
      expect(mailsTo(order.order_number, 'confirmed')).toHaveLength(1);
      expect(await mailsOf(t, order.id)).toMatchObject([{ state: 'sent', lastError: null }]);
      const again = await t.request('POST', `/api/mail/outbox/${order.id}/confirmation/retry`, { token: admin });
      expect(again.status).toBe(409);
    }
  }, 60_000);

  it('two processes sharing the database deliver each mail once (claims are taken in the database)', async () => {
    const second = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Villa Prints <orders@villa-prints.test>', MAIL_POLL_MS: String(TEST_POLL_MS), DATABASE_URL: t.databaseUrl });
    try {
      const before = smtp.received.length;
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          (index % 2 ? second : t).request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1]), headers: { 'Idempotency-Key': `two-senders-${index}` } }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(201));
      await waitFor('24 confirmations', () => smtp.received.length - before >= 24);
      await quietPeriod();
      const delivered = smtp.received.slice(before).map((mail) => mail.messageId);
      expect(delivered).toHaveLength(24);
      expect(new Set(delivered).size).toBe(24);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('the outbox is for admins only', async () => {
    expect((await t.request('GET', '/api/mail/outbox?state=failed')).status).toBe(401);
    const customer = await createUserWithToken(t, 'customer');
    expect((await t.request('GET', '/api/mail/outbox', { token: customer.token })).status).toBe(403);
    expect((await t.request('GET', '/api/mail/outbox?state=lost', { token: admin })).status).toBe(422);
  });

  return { app: () => t, smtp: () => smtp };
}

/** The plain-text part of a received mail, quoted-printable decoded. */
export function decodedTextPart(raw: string): string {
  return decodedPart(raw, 'text/plain');
}

/** The `src` of every image of a mail's HTML part. */
export function pictureLinks(html: string): string[] {
  return [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
}

/** A part of a received mail, quoted-printable decoded. */
export function decodedPart(raw: string, type: 'text/plain' | 'text/html'): string {
  const part = new RegExp(`Content-Type: ${type.replace('/', '\\/')}[^\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n([\\s\\S]*?)\\r?\\n--`).exec(raw)?.[1] ?? '';
  // Quoted-printable escapes are bytes of UTF-8 ("×" is =C3=97): decoded as bytes, then as text.
  const softBreaksRemoved = part.replace(/=\r?\n/g, '');
  const bytes = softBreaksRemoved.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
