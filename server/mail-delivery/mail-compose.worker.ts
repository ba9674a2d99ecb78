import nodemailer from 'nodemailer';
import { renderAccountMail } from '../mail/account-mail';
import type { ComposedMail, ComposeTask, Newline } from './mail-composer';
import { renderMail, type RenderedMail } from './mail-render';

/** nodemailer composing a whole message into one buffer, without sending it. */
const composers = new Map<Newline, ReturnType<typeof nodemailer.createTransport>>();

function messageOf(mail: RenderedMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
}

/** The composer thread's task (mail-composer.ts): one mail, rendered and written whole. */
export default async function composeMail({ mail, newline }: ComposeTask): Promise<ComposedMail> {
  const rendered = mail.kind === 'account' ? renderAccountMail(mail.payload, mail.messageId, { from: mail.from }) : renderMail(mail.mail, mail.order, mail.items, mail.context);
  let composer = composers.get(newline);
  if (!composer) {
    composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline });
    composers.set(newline, composer);
  }
  const info = (await composer.sendMail(messageOf(rendered))) as unknown as { envelope: ComposedMail['envelope']; message: Buffer };
  return { messageId: rendered.messageId, to: rendered.to, envelope: info.envelope, message: info.message };
}
