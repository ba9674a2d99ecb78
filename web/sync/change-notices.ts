/**
 * What the admin is told about a status change: queued while offline or before the
 * server answers, the spec's 'Order status updated to {label}' only once the server applied it,
 * and one message per change, whichever tab or the service worker pushed it. A change counts as
 * applied when its mutation left the outbox without becoming a conflict (the engine settles both
 * in one transaction, engine.ts applyResults), so the outbox is watched rather than a push call.
 */
import { liveQuery, type Subscription } from 'dexie';
import { ORDER_STATUS_LABELS, statusUpdatedMessage, type OrderStatus } from '../../shared/order-status';
import type { ShopDatabase } from '../db/db';

/** Refusals settled within this long of each other are reported in one message. */
const REFUSAL_GATHER_MS = 300;

/** Online, a change the server has not answered after this long is reported as queued. */
export const QUEUED_NOTICE_DELAY_MS = 2_000;

export interface NoticeSink {
  notify(message: string): void;
  notifyError(message: string): void;
}

interface WatchedChange {
  ids: string[];
  status: OrderStatus;
  queuedShown: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function queuedMessage(count: number, online: boolean): string {
  const what = count === 1 ? 'Queued' : `${plural(count, 'change')} queued`;
  return `${what}: will sync ${online ? 'as soon as the server answers' : 'when online'}`;
}

/** The message once every mutation of a change is settled: applied ones and refused ones in one line. */
export function settledMessage(status: OrderStatus, applied: number, refused: number): { text: string; error: boolean } {
  const updated = applied > 0 ? `${statusUpdatedMessage(status)}${applied + refused > 1 ? ` (${plural(applied, 'order')})` : ''}` : '';
  if (!refused) return { text: updated, error: false };
  const failed = `${plural(refused, 'change')} to ${ORDER_STATUS_LABELS[status]} could not be applied: see the sync bar`;
  return { text: updated ? `${updated}; ${failed}` : failed, error: true };
}

export interface ChangeNotices {
  /** Watches the mutations of one admin action; returns the message to show now ('' for none yet). */
  track(ids: readonly string[], status: OrderStatus, online: boolean): string;
  /** Stops watching withdrawn mutations (an undone mark): they leave the outbox but were never applied. */
  forget(ids: readonly string[]): void;
  /** Where messages go; watching restored changes starts with the first sink. */
  setSink(sink: NoticeSink | null): void;
}

/** Where the watched changes survive a reload of the tab (sessionStorage in the page). */
export type NoticeStorage = Pick<Storage, 'getItem' | 'setItem'>;
const STORAGE_KEY = 'admin.changeNotices';

export function createChangeNotices(db: ShopDatabase, queuedDelayMs = QUEUED_NOTICE_DELAY_MS, storage?: NoticeStorage): ChangeNotices {
  const watched = new Set<WatchedChange>();
  let sink: NoticeSink | null = null;
  let subscription: Subscription | null = null;

  // A change queued offline, then a reload: it is still watched, so its message still comes once.
  try {
    const saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]') as { ids: string[]; status: OrderStatus }[];
    for (const change of saved) watched.add({ ids: change.ids, status: change.status, queuedShown: true });
  } catch {
    // Unreadable: nothing to restore.
  }
  function save() {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify([...watched].map(({ ids, status }) => ({ ids, status }))));
    } catch {
      // Storage full or blocked: the messages of this page still work.
    }
  }

  // Refusals settled close together (a tablet's queue meeting another device's changes) make one
  // summary message, not one red message each.
  let refusals: { text: string; refused: number }[] = [];
  let refusalTimer: ReturnType<typeof setTimeout> | undefined;
  function reportRefusal(text: string, refused: number) {
    refusals.push({ text, refused });
    clearTimeout(refusalTimer);
    refusalTimer = setTimeout(() => {
      const gathered = refusals;
      refusals = [];
      const total = gathered.reduce((sum, r) => sum + r.refused, 0);
      sink?.notifyError(gathered.length === 1 ? gathered[0]!.text : `${plural(total, 'change')} could not be applied: see the sync bar`);
    }, REFUSAL_GATHER_MS);
  }

  function settle(inOutbox: Set<string>, conflicted: Set<string>) {
    for (const change of watched) {
      if (change.ids.some((id) => inOutbox.has(id))) continue;
      watched.delete(change);
      save();
      clearTimeout(change.timer);
      const refused = change.ids.filter((id) => conflicted.has(id)).length;
      const message = settledMessage(change.status, change.ids.length - refused, refused);
      if (message.error) reportRefusal(message.text, refused);
      else sink?.notify(message.text);
    }
    if (!watched.size) {
      subscription?.unsubscribe();
      subscription = null;
    }
  }

  function observe() {
    if (subscription) return;
    subscription = liveQuery(async () => {
      const [outboxIds, conflictIds] = await Promise.all([db.outbox.orderBy('id').keys(), db.conflicts.toCollection().primaryKeys()]);
      return { outbox: new Set(outboxIds as string[]), conflicts: new Set(conflictIds as string[]) };
    }).subscribe({
      next: ({ outbox, conflicts }) => settle(outbox, conflicts),
      error: (error: unknown) => console.error('Watching the outbox failed', error),
    });
  }

  return {
    track(ids, status, online) {
      if (!ids.length) return '';
      const change: WatchedChange = { ids: [...ids], status, queuedShown: !online };
      watched.add(change);
      save();
      if (online) {
        change.timer = setTimeout(() => {
          if (!watched.has(change) || change.queuedShown) return;
          change.queuedShown = true;
          sink?.notify(queuedMessage(ids.length, navigator.onLine));
        }, queuedDelayMs);
      }
      observe();
      return online ? '' : queuedMessage(ids.length, false);
    },
    forget(ids) {
      const gone = new Set(ids);
      for (const change of watched) {
        change.ids = change.ids.filter((id) => !gone.has(id));
        if (change.ids.length) continue;
        clearTimeout(change.timer);
        watched.delete(change);
      }
      save();
    },
    setSink(next) {
      sink = next;
      // Restored changes are settled only once there is somewhere to say so.
      if (sink && watched.size) observe();
    },
  };
}
