import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from './mail.config';
import type { RenderedMail } from './mail-render';

/** Hands a rendered mail over: to the SMTP server of SMTP_URL, or into an .eml file. */
export interface MailTransport {
  /** `name`: a file name for the mail, fixed per mail (used by the file transport). */
  send(mail: RenderedMail, name: string): Promise<void>;
  close(): void;
  describe(): string;
}

function messageOf(mail: RenderedMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.map(({ cid, filename, contentType, content }) => ({ cid, filename, contentType, content })),
  };
}

/** SMTP connections the transport keeps open; the sender's batch shares them. */
export const SMTP_CONNECTIONS = 4;

/** nodemailer composing a whole message into one buffer, without sending it: CRLF lines as SMTP wants them, or LF for files. */
function createComposer(newline: 'windows' | 'unix') {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline });
  return {
    async compose(mail: RenderedMail): Promise<{ envelope: { from: string; to: string[] }; message: Buffer }> {
      const info = (await composer.sendMail(messageOf(mail))) as unknown as { envelope: { from: string; to: string[] }; message: Buffer };
      return { envelope: info.envelope, message: info.message };
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(config: MailConfig): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.sendTimeoutMs) : fileTransport(config.dir);
}

/**
 * nodemailer's SMTP transport: smtps:// is TLS from the start; smtp:// upgrades with STARTTLS
 * whenever the server offers it. A stalled conversation fails after `timeoutMs` and is retried.
 * Each mail is composed whole first and handed over as one buffer: streamed part by part, its
 * lines went to the socket in dozens of small writes (0.7 ms of CPU per mail more).
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
  const composer = createComposer('windows');
  const shown = new URL(url);
  return {
    async send(mail) {
      const { envelope, message } = await composer.compose(mail);
      // The Message-ID is in the message already; given here too, nodemailer does not make up one of its own.
      await transport.sendMail({ envelope, raw: message, messageId: mail.messageId });
    },
    close: () => {
      transport.close();
      composer.close();
    },
    describe: () => `${shown.protocol}//${shown.host}`,
  };
}

/**
 * Without SMTP_URL: each mail is written whole (as it would go over SMTP) to `<dir>/<name>.eml`,
 * so a fresh `npm start` works and a developer can open what was sent. Written to a temporary
 * name and renamed, so a file is never half there, and a retry replaces rather than adds one.
 */
function fileTransport(dir: string): MailTransport {
  const composer = createComposer('unix');
  return {
    async send(mail, name) {
      const { message } = await composer.compose(mail);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${name}.eml`);
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, message);
      await fs.rename(temporary, file);
    },
    close: () => composer.close(),
    describe: () => `files in ${dir}`,
  };
}
