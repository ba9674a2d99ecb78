import path from 'node:path';
import type { DatabaseConfig } from './database-config';

/** Mail settings (design.md §7), read once with the rest of the configuration. */
export interface MailConfig {
  /** MAIL_ENABLED=0 (a staging copy holding real addresses): nothing is queued or sent. */
  enabled: boolean;
  /** SMTP_URL (smtp:// or smtps://, credentials in the URL); null: each mail is written to `dir`. */
  smtpUrl: string | null;
  /** MAIL_FROM, e.g. `Villa Prints <orders@localhost>`. */
  from: string;
  /** Message-IDs are `<…@domain>` with MAIL_FROM's domain. */
  messageIdDomain: string;
  /** MAIL_DIR: where mails land as .eml files without SMTP_URL (default: `mail/` beside the SQLite file). */
  dir: string;
  /** PUBLIC_URL: the shop's address, for the links in mails (default http://localhost:PORT). */
  publicUrl: string;
  /** First retry after this long; each further one waits twice as long, at most an hour. */
  retryBaseMs: number;
  /** After this many failed attempts a mail is `failed` and waits for the admin. */
  maxAttempts: number;
  /** An SMTP conversation that stalls this long fails (and is retried). */
  sendTimeoutMs: number;
  /** MAIL_POLL_MS: how often an idle sender looks for due mails, and how long a busy shop makes it wait. */
  pollMs: number;
}

export const DEFAULT_MAIL_FROM = 'Villa Prints <orders@localhost>';

/** Thrown for a bad value; config.ts turns it into its ConfigError. */
export class MailConfigError extends Error {}

type Whole = (value: string | undefined, fallback: number, name: string, min: number, max: number) => number;

export function parseMailConfig(env: NodeJS.ProcessEnv, database: DatabaseConfig, root: string, port: number, integer: Whole): MailConfig {
  const from = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const address = mailboxAddress(from);
  if (!address) throw new MailConfigError(`MAIL_FROM must be an address such as "Villa Prints <orders@example.com>", got "${from}".`);
  const enabled = env.MAIL_ENABLED === undefined || env.MAIL_ENABLED === '' || env.MAIL_ENABLED === '1';
  if (!enabled && env.MAIL_ENABLED !== '0') throw new MailConfigError(`MAIL_ENABLED must be 1 or 0, got "${env.MAIL_ENABLED}".`);
  return {
    enabled,
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    from,
    messageIdDomain: address.slice(address.lastIndexOf('@') + 1).toLowerCase(),
    dir: env.MAIL_DIR ? path.resolve(root, env.MAIL_DIR) : defaultMailDir(database, root),
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    retryBaseMs: integer(env.MAIL_RETRY_BASE_MS, 30_000, 'MAIL_RETRY_BASE_MS', 50, 3_600_000),
    maxAttempts: integer(env.MAIL_MAX_ATTEMPTS, 12, 'MAIL_MAX_ATTEMPTS', 1, 100),
    sendTimeoutMs: integer(env.MAIL_SEND_TIMEOUT_MS, 30_000, 'MAIL_SEND_TIMEOUT_MS', 100, 300_000),
    pollMs: integer(env.MAIL_POLL_MS, 1_000, 'MAIL_POLL_MS', 20, 60_000),
  };
}

/** The bare address of `Name <a@b.c>` or `a@b.c`; undefined when it is neither. */
export function mailboxAddress(value: string): string | undefined {
  const match = /^(?:[^<>]*<([^<>\s@]+@[^<>\s@]+)>|([^<>\s@]+@[^<>\s@]+))$/.exec(value.trim());
  return match?.[1] ?? match?.[2];
}

function parseSmtpUrl(value: string | undefined): string | null {
  if (!value || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new MailConfigError('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465.');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new MailConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//".`);
  }
  if (!url.hostname) throw new MailConfigError('SMTP_URL has no host.');
  return url.toString();
}

function parsePublicUrl(value: string | undefined, port: number): string {
  if (!value) return `http://localhost:${port || 8080}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new MailConfigError(`PUBLIC_URL must be the shop's address, such as https://shop.example.com, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new MailConfigError('PUBLIC_URL must start with http:// or https://.');
  return url.toString().replace(/\/+$/, '');
}

function defaultMailDir(database: DatabaseConfig, root: string): string {
  if (database.kind === 'sqlite' && database.path !== ':memory:') return path.join(path.dirname(database.path), 'mail');
  return path.resolve(root, 'data/mail');
}
