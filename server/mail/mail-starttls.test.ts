import { afterEach, describe, expect, it } from 'vitest';
import { checkoutBody } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { mailsOf, orderByNumber, startTestSmtpServer, waitFor, type TestSmtpServer } from './mail.test-support';

/**
 * SMTP_URL smtp://… (README): the conversation is upgraded with STARTTLS whenever the server offers
 * it, and `?requireTLS=true` refuses a server that does not, so no mail goes out in clear. The
 * server here is a real one (smtp-server) with its own self-signed certificate, so the shop is told
 * not to check the certificate (`tls.rejectUnauthorized=false`, nodemailer's URL option); a real
 * mail server's certificate is checked.
 */
const opened: { t: TestApp; smtp: TestSmtpServer }[] = [];
afterEach(async () => {
  for (const { t, smtp } of opened.splice(0)) {
    await t.close();
    await smtp.close();
  }
});

async function shopMailingThrough(options: { starttls: boolean }, query: string) {
  const smtp = await startTestSmtpServer(options);
  const t = await startTestApp({ SMTP_URL: `${smtp.url}/?${query}`, MAIL_RETRY_BASE_MS: '100', MAIL_MAX_ATTEMPTS: '2', MAIL_SEND_TIMEOUT_MS: '2000', MAIL_POLL_MS: '100' });
  opened.push({ t, smtp });
  const answer = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1]) });
  expect(answer.status).toBe(201);
  return { t, smtp, order: await orderByNumber(t, answer.body.order.orderNumber) };
}

describe('mail over STARTTLS', () => {
  it('upgrades the conversation when the server offers STARTTLS, and the confirmation arrives', async () => {
    const { t, smtp, order } = await shopMailingThrough({ starttls: true }, 'tls.rejectUnauthorized=false');
    const [mail] = await waitFor('the confirmation', () => smtp.received.length > 0 && smtp.received);
    expect(mail!.subject).toContain(order.order_number);
    expect(mail!.secure).toBe(true);
    await waitFor('the mail marked sent', async () => (await mailsOf(t, order.id))[0]?.state === 'sent');
  }, 30_000);

  it('with requireTLS=true, sends nothing to a server without STARTTLS: the mail fails and waits for the admin', async () => {
    const { t, smtp, order } = await shopMailingThrough({ starttls: false }, 'requireTLS=true');
    const [mail] = await waitFor('the mail to fail', async () => {
      const mails = await mailsOf(t, order.id);
      return mails[0]?.state === 'failed' && mails;
    });
    expect(mail).toMatchObject({ mailKey: 'confirmation', attempts: 2 });
    expect(mail!.lastError).toMatch(/STARTTLS/i);
    expect(smtp.received).toEqual([]);
  }, 30_000);
});
