import type { Selectable } from 'kysely';

export type MailKind = 'order_confirmation' | 'shipping_notice';

/**
 * `queued`: waiting for its next attempt (`next_attempt_at`); a sender that claims it moves that
 * time past the end of its attempt, so another process leaves it alone until then. `sent`: handed
 * to the SMTP server (or written to its .eml file). `failed`: every attempt failed; the admin sees
 * it with `last_error` and may queue it again.
 */
export type MailState = 'queued' | 'sent' | 'failed';

export interface MailOutboxTable {
  order_id: string;
  /** `confirmation`, or `shipped-v<order version>` for a shipping notice. */
  mail_key: string;
  kind: MailKind;
  recipient: string;
  /** Fixed when the mail is queued, so every attempt sends the same Message-ID. */
  message_id: string;
  /** JSON of what the mail needs beyond the order (the shipping notice's tracking number). */
  payload: string | null;
  state: MailState;
  attempts: number;
  next_attempt_at: number;
  /** The claim of the attempt under way; its outcome is recorded only under that claim. */
  claim_token: string | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;
