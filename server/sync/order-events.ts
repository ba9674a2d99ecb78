import { PassThrough, type Readable } from 'node:stream';
import type { OrderChangeEvent } from '../../shared/sync';
import type { AppContext } from '../app-context';
import { changeHorizon } from '../orders/change-sequence.repository';
import { listChangeMarks } from './sync.repository';

/**
 * GET /api/sync/events: each order change pushed to the open tablets as a Server-Sent Event naming
 * the order and its new version (design.md §4); the tablet then pulls. Every process watches the
 * database's change sequence itself, so a change made through any process of a PostgreSQL
 * deployment reaches the tablets of every other: while at least one tablet listens, one reader per
 * process looks at the sequence's horizon every POLL_MS (one small read) and lists what changed
 * only when it moved. PostgreSQL's LISTEN/NOTIFY was not used: a NOTIFY in a transaction takes a
 * database-wide lock at commit, which would queue every checkout's commit behind every other's.
 */
export const ORDER_EVENTS_POLL_MS = 250;
/** A comment line this often keeps proxies from closing an idle stream and lets the tablet see a dead one. */
export const ORDER_EVENTS_HEARTBEAT_MS = 15_000;
/** How long the browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RECONNECT_MS = 2_000;
const PAGE = 500;

export interface OrderEvents {
  /** A new stream of order events for one tablet; ends when the client goes or the app closes. */
  open(onClose: (listener: () => void) => void): Readable;
  close(): void;
}

type Listener = (events: readonly OrderChangeEvent[]) => void;

export function startOrderEvents(app: AppContext, pollMs = ORDER_EVENTS_POLL_MS): OrderEvents {
  const listeners = new Set<Listener>();
  const streams = new Set<PassThrough>();
  let since: number | null = null;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> | null = null;
  /** Settles once the reader has its starting point: from then on no change is missed. */
  let started: Promise<void> = Promise.resolve();

  async function readChanges(): Promise<void> {
    const horizon = await changeHorizon(app.db);
    if (since === null || horizon <= since) {
      since ??= horizon;
      return;
    }
    for (;;) {
      const marks = await listChangeMarks(app.db, since, horizon, PAGE);
      if (!marks.length) break;
      since = Number(marks[marks.length - 1]!.change_seq);
      const events = marks.map((mark) => ({ id: mark.id, version: Number(mark.version) }));
      for (const listener of listeners) listener(events);
      if (marks.length < PAGE) break;
    }
    since = horizon;
  }

  function tick(): Promise<void> {
    reading ??= readChanges()
      .catch((error: unknown) => app.logger.warn('order events: reading changes failed', { err: String(error) }))
      .finally(() => (reading = null));
    return reading;
  }

  function subscribe(listener: Listener): () => void {
    listeners.add(listener);
    if (!timer) {
      // The cursor starts at the horizon of the first listener: what changed before, a pull brings.
      since = null;
      started = tick();
      timer = setInterval(() => void tick(), pollMs);
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size || !timer) return;
      clearInterval(timer);
      timer = undefined;
    };
  }

  return {
    open(onClose) {
      const stream = new PassThrough();
      streams.add(stream);
      stream.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      const unsubscribe = subscribe((events) => {
        stream.write(events.map((event) => `event: order\ndata: ${JSON.stringify(event)}\n\n`).join(''));
      });
      // `ready`: every change from here on comes as an event; the tablet pulls once for what came before.
      void started.then(() => stream.writable && stream.write('event: ready\ndata: {}\n\n'));
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), ORDER_EVENTS_HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(stream);
        stream.end();
      };
      onClose(end);
      stream.once('close', end);
      return stream;
    },
    close() {
      for (const stream of [...streams]) stream.end();
      clearInterval(timer);
      timer = undefined;
    },
  };
}
