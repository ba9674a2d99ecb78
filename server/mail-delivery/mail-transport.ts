import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config/mail.config';
import type { ComposedMail, Newline } from './mail-composer';

/** Hands a composed mail over: to the SMTP server of SMTP_URL, or into an .eml file. */
export interface MailTransport {
  /** How the mails it takes end their lines. */
  readonly newline: Newline;
  /** `name`: a file name for the mail, fixed per mail (used by the file transport). */
  send(mail: ComposedMail, name: string): Promise<void>;
  close(): void;
  describe(): string;
}

/** SMTP connections the transport keeps open; the sender's batch shares them. */
export const SMTP_CONNECTIONS = 4;

export function createMailTransport(config: MailConfig): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.sendTimeoutMs) : fileTransport(config.dir);
}

/**
 * nodemailer's SMTP transport: smtps:// is TLS from the start; smtp:// upgrades with STARTTLS
 * whenever the server offers it. A stalled conversation fails after `timeoutMs` and is retried.
 * Each mail comes composed whole (mail-composer.ts) and is handed over as one buffer: streamed part
 * by part, its lines went to the socket in dozens of small writes (0.7 ms of CPU per mail more).
 */
function smtpTransport(url: string, timeoutMs: number): MailTransport {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    // Kept open however many mails go through: a reconnect is a TCP and TLS handshake.
    maxMessages: Infinity,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const shown = new URL(url);
  return {
    newline: 'windows',
    async send({ envelope, message, messageId }) {
      // The Message-ID is in the message already; given here too, nodemailer does not make up one of its own.
      await transport.sendMail({ envelope, raw: message, messageId });
    },
    close: () => transport.close(),
    describe: () => `${shown.protocol}//${shown.host}`,
  };
}

/**
 * Without SMTP_URL: each mail is written whole (as it would go over SMTP) to `<dir>/<name>.eml`,
 * so a fresh `npm start` works and a developer can open what was sent. Written to a temporary
 * name and renamed, so a file is never half there, and a retry replaces rather than adds one.
 */
function fileTransport(dir: string): MailTransport {
  return {
    newline: 'unix',
    async send({ message }, name) {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${name}.eml`);
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, message);
      await fs.rename(temporary, file);
    },
    close: () => {},
    describe: () => `files in ${dir}`,
  };
}
