import { call } from '../api/client';
import { loadShopDb } from '../components/lazy-db';

const VISITOR_KEY = 'visitorId';
const LAST_VISIT_KEY = 'lastVisitDay';

function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The anonymous visitor id, made once and kept in IndexedDB (`meta` table). */
export async function visitorId(): Promise<string> {
  const { db } = await loadShopDb();
  const stored = await db.meta.get(VISITOR_KEY);
  if (typeof stored?.value === 'string') return stored.value;
  const id = crypto.randomUUID();
  await db.meta.put({ key: VISITOR_KEY, value: id });
  return id;
}

/**
 * Sends one `visit` event per visitor per (UTC) day so the admin's conversion rate has a real
 * denominator. The day is recorded before the event is sent, so a reload while it is on its way
 * does not send a second one (the request outlives the page: keepalive), and taken back if the
 * server does not accept it, so an offline visit is counted on the next online load.
 */
export async function recordVisit(now = new Date()): Promise<boolean> {
  try {
    const { db } = await loadShopDb();
    const day = today(now);
    const last = await db.meta.get(LAST_VISIT_KEY);
    if (last?.value === day) return false;
    const id = await visitorId();
    await db.meta.put({ key: LAST_VISIT_KEY, value: day });
    try {
      await call('analyticsEvents', { body: { type: 'visit', visitorId: id } }, { keepalive: true });
    } catch (error) {
      await (last ? db.meta.put(last) : db.meta.delete(LAST_VISIT_KEY));
      throw error;
    }
    return true;
  } catch {
    return false;
  }
}
