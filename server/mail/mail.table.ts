import type { Generated, Selectable } from 'kysely';

export type MailKind = 'order_confirmation' | 'shipping_notice' | 'order_cancelled' | 'refund' | 'refund_failed' | 'text_fixed';

/**
 * `queued`: waiting for its next attempt (`next_attempt_at`); a sender that claims it moves that
 * time past the end of its attempt, so another process leaves it alone until then. `failed`: every
 * attempt failed; the admin sees it with `last_error` and may queue it again. A sent mail leaves
 * the outbox for `mail_sent`.
 */
export type MailState = 'queued' | 'failed' | 'sent';

/** A mail still to send: only what the transaction that causes it must write, plus the sender's bookkeeping. */
export interface MailOutboxTable {
  id: Generated<number>;
  order_id: string;
  /** `confirmation`, `shipped-v<order version>` for a shipping notice, or an update's key (mail-outbox.ts). */
  mail_key: string;
  state: 'queued' | 'failed';
  attempts: number;
  next_attempt_at: number;
  /** JSON of what the mail needs beyond the order (the shipping notice's tracking number). */
  payload: string | null;
  /** Fixed at the first attempt, so every attempt sends the same Message-ID. */
  message_id: string | null;
  /** The claim of the attempt under way; its outcome is recorded only under that claim. */
  claim_token: string | null;
  last_error: string | null;
  created_at: number;
}

/** A delivered mail (handed to the SMTP server or written to its .eml file). */
export interface MailSentTable {
  order_id: string;
  mail_key: string;
  recipient: string;
  message_id: string;
  attempts: number;
  created_at: number;
  sent_at: number;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;
export type MailSentRow = Selectable<MailSentTable>;

/** A mail's kind, read from its key (mail-outbox.ts names them). */
export function kindOfMail(mailKey: string): MailKind {
  if (mailKey === 'confirmation') return 'order_confirmation';
  if (mailKey.startsWith('cancelled-')) return 'order_cancelled';
  if (mailKey.startsWith('refund-failed-')) return 'refund_failed';
  if (mailKey.startsWith('refund-')) return 'refund';
  if (mailKey.startsWith('text-fixed-')) return 'text_fixed';
  return 'shipping_notice';
}

declare module '../db/schema' {
  interface Database {
    mail_outbox: MailOutboxTable;
    mail_sent: MailSentTable;
  }
}
