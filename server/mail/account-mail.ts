import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { escapeHtml, type RenderContext, type RenderedMail } from './mail-layout';
import { insertQueuedMail } from './mail-outbox.repository';
import { STAFF_ROLE_LABELS } from '../../shared/schemas/staff';
import type { StaffRole } from '../../shared/api/types';

/**
 * Mails about an account rather than an order (a password reset, a staff invitation), through the
 * same outbox and sender as order mails (docs/decisions.md). Their outbox rows
 * carry `account-…` in `order_id`, so they never join an order, and the recipient and link in the
 * payload: the link's token is in the outbox only until the mail is sent (the sent record keeps no
 * payload); the database keeps its hash.
 */
export const ACCOUNT_MAIL_PREFIX = 'account-';

export type AccountMail =
  | { kind: 'password_reset'; to: string; firstName: string; link: string }
  | { kind: 'staff_invite'; to: string; role: StaffRole; invitedBy: string; link: string };

export const isAccountMail = (row: { order_id: string }) => row.order_id.startsWith(ACCOUNT_MAIL_PREFIX);

/** Queues `mail` in the caller's transaction; `key` is unique per mail (a token's hash prefix). */
export async function queueAccountMail(trx: Transaction<Database>, mail: AccountMail, key: string, now: number): Promise<void> {
  await insertQueuedMail(trx, {
    orderId: `${ACCOUNT_MAIL_PREFIX}${mail.kind === 'password_reset' ? 'reset' : 'invite'}`,
    mailKey: key,
    payload: JSON.stringify(mail),
    now,
  });
}

const BRAND = 'Villa Prints';

/** The mail an account row stands for, as the sender hands it to the transport. */
export function renderAccountMail(payload: string, messageId: string, context: Pick<RenderContext, 'from'>): RenderedMail {
  const mail = JSON.parse(payload) as AccountMail;
  const content = mail.kind === 'password_reset' ? resetMail(mail) : inviteMail(mail);
  return { messageId, from: context.from, to: mail.to, ...content };
}

function resetMail(mail: Extract<AccountMail, { kind: 'password_reset' }>) {
  const greeting = `Hi ${mail.firstName},`;
  const text = [
    greeting,
    '',
    `Someone (hopefully you) asked to reset the password of your ${BRAND} account.`,
    'Choose a new password here (the link works once, for 1 hour):',
    mail.link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    BRAND,
  ].join('\n');
  const body = `<p style="margin:0 0 12px;font-size:16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 12px;font-size:15px">Someone (hopefully you) asked to reset the password of your ${BRAND} account. The link works once, for 1 hour.</p>
${button(mail.link, 'Choose a new password')}
<p style="margin:16px 0 0;font-size:13px;color:#6b4a5e">If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
  return { subject: `Reset your ${BRAND} password`, text, html: layout('Reset your password', body) };
}

function inviteMail(mail: Extract<AccountMail, { kind: 'staff_invite' }>) {
  const role = STAFF_ROLE_LABELS[mail.role].toLowerCase();
  const text = [
    `${mail.invitedBy} invited you to run the ${BRAND} shop as ${role === 'admin' ? 'an admin' : 'a super admin'}.`,
    'Choose your name and password here (the link works once, for 72 hours):',
    mail.link,
    '',
    BRAND,
  ].join('\n');
  const body = `<p style="margin:0 0 12px;font-size:16px">${escapeHtml(mail.invitedBy)} invited you to run the ${BRAND} shop as ${role === 'admin' ? 'an admin' : 'a super admin'}.</p>
<p style="margin:0 0 12px;font-size:15px">Choose your name and password to get started. The link works once, for 72 hours.</p>
${button(mail.link, 'Accept the invitation')}`;
  return { subject: `You're invited to the ${BRAND} admin`, text, html: layout('Staff invitation', body) };
}

function button(url: string, label: string): string {
  return `<p style="margin:24px 0 8px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 22px;border-radius:999px;background:#d10069;color:#ffffff;font-weight:700;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px 12px;background:#fff8f3;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#2a0e24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:18px;border:1px solid #f3d6e4">
<tr><td style="padding:20px 28px;background:#d10069;color:#ffffff;font-size:22px;font-weight:800;border-radius:18px 18px 0 0">&#9829; ${BRAND}</td></tr>
<tr><td style="padding:28px">${body}</td></tr>
</table></body></html>`;
}
