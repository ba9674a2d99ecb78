import { useCallback, useEffect, useState } from 'react';
import type { OrderStatus } from '../../../../shared/order-status';
import type { CachedOrder } from '../../../db/db';

/** How long a mark can be taken back. */
export const UNDO_WINDOW_MS = 10_000;

export type QueueId = 'production' | 'ready' | 'transit';

/** A card the admin has just marked: it keeps its place in its list, dimmed, until released. */
export interface HeldMark {
  queue: QueueId;
  /** The order as it was in this list when marked (what the dimmed card shows). */
  before: CachedOrder;
  status: OrderStatus;
  trackingNumber: string | null;
  mutationId: string;
  /** Marks made by one tap (a bulk mark is one batch); undone together from the bulk bar. */
  batch: number;
  undoUntil: number;
  undoing?: boolean;
}

export interface ListEntry {
  order: CachedOrder;
  held?: HeldMark;
}

/**
 * The list as the admin last saw it: orders that were marked here stay at their place (the lists
 * are sorted oldest first), so nothing slides under the finger while marking down a list.
 */
export function withHeldMarks(list: readonly CachedOrder[], held: readonly HeldMark[]): ListEntry[] {
  if (!held.length) return list.map((order) => ({ order }));
  const heldById = new Map(held.map((mark) => [mark.before.id, mark]));
  const entries: ListEntry[] = list.map((order) => ({ order, held: heldById.get(order.id) }));
  const inList = new Set(list.map((order) => order.id));
  const gone = held.filter((mark) => !inList.has(mark.before.id)).map((mark) => ({ order: mark.before, held: mark }));
  if (!gone.length) return entries;
  const key = (entry: ListEntry) => entry.order.createdAtMs;
  return [...entries, ...gone].sort((a, b) => key(a) - key(b) || a.order.id.localeCompare(b.order.id));
}

let nextBatch = 1;

export interface HeldMarks {
  held: readonly HeldMark[];
  /** Undo windows still open, re-rendered when one closes. */
  canUndo(mark: HeldMark): boolean;
  hold(marks: Omit<HeldMark, 'batch' | 'undoUntil'>[]): number;
  setUndoing(orderIds: readonly string[], undoing: boolean): void;
  /** The cards leave their place: after an undo, or when the admin tidies the list. */
  release(orderIds: readonly string[]): void;
}

export function useHeldMarks(): HeldMarks {
  const [held, setHeld] = useState<HeldMark[]>([]);
  const [now, setNow] = useState(() => Date.now());

  // One timer for the next undo window to close, so its Undo button goes away on time.
  const nextClose = held.reduce((soonest, mark) => (mark.undoUntil > now && mark.undoUntil < soonest ? mark.undoUntil : soonest), Infinity);
  useEffect(() => {
    if (nextClose === Infinity) return;
    const timer = setTimeout(() => setNow(Date.now()), nextClose - Date.now() + 20);
    return () => clearTimeout(timer);
  }, [nextClose]);

  const hold = useCallback((marks: Omit<HeldMark, 'batch' | 'undoUntil'>[]) => {
    const batch = nextBatch++;
    const undoUntil = Date.now() + UNDO_WINDOW_MS;
    setNow(Date.now());
    setHeld((current) => {
      const ids = new Set(marks.map((mark) => mark.before.id));
      return [...current.filter((mark) => !ids.has(mark.before.id)), ...marks.map((mark) => ({ ...mark, batch, undoUntil }))];
    });
    return batch;
  }, []);

  const setUndoing = useCallback((orderIds: readonly string[], undoing: boolean) => {
    const ids = new Set(orderIds);
    setHeld((current) => current.map((mark) => (ids.has(mark.before.id) ? { ...mark, undoing } : mark)));
  }, []);

  const release = useCallback((orderIds: readonly string[]) => {
    const ids = new Set(orderIds);
    setHeld((current) => current.filter((mark) => !ids.has(mark.before.id)));
  }, []);

  const canUndo = useCallback((mark: HeldMark) => mark.undoUntil > now && !!mark.mutationId && !mark.undoing, [now]);

  return { held, canUndo, hold, setUndoing, release };
}
