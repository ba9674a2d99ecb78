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

export function createMailTransport(config: MailConfig): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.sendTimeoutMs) : fileTransport(config.dir);
}

/**
 * nodemailer's SMTP transport: smtps:// is TLS from the start; smtp:// upgrades with STARTTLS
 * whenever the server offers it. A stalled conversation fails after `timeoutMs` and is retried.
 */
function smtpTransport(url: string, timeoutMs: number): MailTransport {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const shown = new URL(url);
  return {
    async send(mail) {
      await transport.sendMail(messageOf(mail));
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
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail, name) {
      const info = (await composer.sendMail(messageOf(mail))) as unknown as { message: Buffer };
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${name}.eml`);
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, info.message);
      await fs.rename(temporary, file);
    },
    close: () => composer.close(),
    describe: () => `files in ${dir}`,
  };
}
