import { Piscina } from 'piscina';
import { threadModule } from '../threads/thread-module';
import type { OrderItemRow, OrderRow } from '../orders/order.table';
import type { MailToRender, OrderMailContext } from './mail-render';

/** What the composer needs to write one mail whole: an order's mail from its rows, or an account mail from its payload. */
export type MailToCompose =
  | { kind: 'order'; mail: MailToRender; order: OrderRow; items: OrderItemRow[]; context: OrderMailContext }
  | { kind: 'account'; payload: string; messageId: string; from: string };

/** CRLF lines as SMTP wants them, or LF for .eml files. */
export type Newline = 'windows' | 'unix';

export interface ComposeTask {
  mail: MailToCompose;
  newline: Newline;
}

/** A mail written whole (MIME), as it goes over SMTP or into an .eml file. */
export interface ComposedMail {
  messageId: string;
  to: string;
  envelope: { from: string; to: string[] };
  message: Buffer;
}

export interface MailComposer {
  compose(mail: MailToCompose): Promise<ComposedMail>;
  close(): Promise<void>;
}

/** Mails the thread works on at once: nodemailer's MIME awaits between parts, and another fills the gaps. */
const MAILS_AT_ONCE = 4;

/**
 * How far below the event loop the thread runs when the cores are busy: it yields to checkouts
 * without holding mail back. 10 let mail p99 reach 5 s at 200 checkouts/s; 5 keeps it near 3.5 s
 * (docs/benchmarks.md). Linux only (nice(2) through @napi-rs/nice, piscina's optional
 * dependency); elsewhere the thread runs at normal priority.
 */
const THREAD_NICENESS = 5;

/**
 * Mails are composed on a worker thread (piscina), not on the event loop: the HTML and nodemailer's
 * MIME are JavaScript of their own, and a full round of confirmations composed on the loop would
 * hold the checkouts arriving meanwhile. The pictures are links (mail-render.ts), drawn
 * by the shop when a mail is opened. The thread starts with the first mail, so an app that sends
 * none never starts it.
 */
export function createMailComposer(newline: Newline): MailComposer {
  let pool: Piscina<ComposeTask, ComposedMail> | null = null;
  return {
    async compose(mail) {
      pool ??= new Piscina({
        ...threadModule(import.meta.url, 'mail-compose.worker'),
        minThreads: 1,
        maxThreads: 1,
        idleTimeout: Infinity,
        concurrentTasksPerWorker: MAILS_AT_ONCE,
        niceIncrement: THREAD_NICENESS,
      });
      const composed = await pool.run({ mail, newline });
      // Structured cloning hands the bytes over as a plain Uint8Array.
      const { buffer, byteOffset, byteLength } = composed.message;
      return { ...composed, message: Buffer.from(buffer, byteOffset, byteLength) };
    },
    async close() {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}
