import type { ReceivedMail, TestSmtpServer } from '../mail/mail.test-support';
import { waitFor } from '../mail/mail.test-support';
import type { TestApp } from '../test/test-app';

/** Test-only: the mail settings of the account-mail tests (a real SMTP server, quick polls). */
export const accountMailEnv = (smtp: TestSmtpServer) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Villa Prints <orders@villa-prints.test>',
  PUBLIC_URL: 'https://shop.example.com',
  MAIL_POLL_MS: '50',
});

/** The token of the first `https://shop.example.com<path>?token=…` link in a mail (quoted-printable undone). */
export function tokenIn(mail: ReceivedMail, path: string): string {
  const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const escaped = path.replace(/[/?]/g, (c) => `\\${c}`);
  const match = new RegExp(`https://shop\\.example\\.com${escaped}\\?token=([A-Za-z0-9_-]+)`).exec(decoded);
  if (!match) throw new Error(`no ${path} link in the mail "${mail.subject}"`);
  return match[1]!;
}

/** Waits for the `count`-th mail to `to` whose subject contains `subject`. */
export function mailTo(smtp: TestSmtpServer, to: string, subject: string, count = 1): Promise<ReceivedMail> {
  return waitFor(`mail ${count} to ${to}`, () => {
    const mails = smtp.received.filter((mail) => mail.to.includes(to) && mail.subject.includes(subject));
    return mails.length >= count && mails[count - 1];
  });
}

export const mailsTo = (smtp: TestSmtpServer, to: string) => smtp.received.filter((mail) => mail.to.includes(to));

/** Lets the sender poll many times, so a mail that should not come would have come. */
export const quietPeriod = () => new Promise((resolve) => setTimeout(resolve, 600));

let registrations = 0;

/** A customer registered through the real endpoint, with their password (each from its own address, behind TRUST_PROXY). */
export async function registerCustomer(t: TestApp, email: string, password = 'plum orbit cactus 42') {
  const from = `203.0.113.${(++registrations % 250) + 1}`;
  const answer = await t.request('POST', '/api/auth/register', { body: { email, password, firstName: 'Maya', lastName: 'Fan' }, headers: { 'X-Forwarded-For': from } });
  if (answer.status !== 201) throw new Error(`register ${answer.status}: ${answer.text}`);
  return { token: answer.body.token as string, user: answer.body.user, password };
}
