import { SMTPServer } from 'smtp-server';
import type { TestApp } from '../test/test-app';
import { listMails } from './mail-outbox.repository';

/** A mail as the test SMTP server received it. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  messageId: string;
  subject: string;
  /** Whether the conversation had been upgraded to TLS (STARTTLS) when the message came. */
  secure: boolean;
}

/** How the test server answers: accept, refuse each message (451, try later), or never answer the data. */
export type SmtpBehaviour = 'accept' | 'refuse' | 'stall';

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Attempts it refused or left hanging. */
  turnedAway: number;
  behave(behaviour: SmtpBehaviour): void;
  close(): Promise<void>;
}

/**
 * Test-only: a real SMTP server (the smtp-server package) on an ephemeral port in the test
 * process, accepting any sender; without STARTTLS (nothing to encrypt on loopback) unless asked,
 * then offering it with the package's own self-signed certificate for localhost.
 */
export async function startTestSmtpServer(options: { starttls?: boolean } = {}): Promise<TestSmtpServer> {
  let behaviour: SmtpBehaviour = 'accept';
  const state = { received: [] as ReceivedMail[], turnedAway: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: options.starttls ? [] : ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (behaviour === 'stall') {
          state.turnedAway++;
          return;
        }
        if (behaviour === 'refuse') {
          state.turnedAway++;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        state.received.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw,
          messageId: header(raw, 'Message-ID'),
          subject: header(raw, 'Subject'),
          secure: session.secure,
        });
        callback();
      });
    },
  });
  // A client that goes away mid-conversation (a killed server process) is that client's problem.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get turnedAway() {
      return state.turnedAway;
    },
    behave(next) {
      behaviour = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
}

/** Polls until `check` holds (mail is delivered in the background), failing with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An order's mails wherever they are (queued, failed or sent), as the admin sees them. */
export function mailsOf(t: TestApp, orderId: string) {
  return listMails(t.app.context.db, { orderId, limit: 100 });
}

/** The order a checkout answer names. */
export async function orderByNumber(t: TestApp, orderNumber: string) {
  return t.app.context.db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
}
