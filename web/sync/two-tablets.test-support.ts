/**
 * Test support: the oracle of the two-tablet tests (lost-answer.property.test.ts, the soak): after
 * every outbox is empty, no change is lost (each is applied on the server or shown to its admin as a
 * conflict, never both), none is applied twice, and none is applied over an order version its tablet
 * did not build it on: the version the admin saw, or one its own earlier change of the order left.
 */
import { expect } from 'vitest';
import type { Db } from '../../server/db/database';
import type { ShopDatabase } from '../db/db';

export interface TabletRecord {
  local: ShopDatabase;
  /** The tablet's mutation ids in the order they were queued. */
  queued: string[];
  /** Each mutation's base version when queued: the version the admin saw. */
  builtOn: Map<string, number>;
}

export async function expectNothingLostDuplicatedOrOverridden(db: Db, orderIds: readonly string[], tablets: readonly TabletRecord[]): Promise<{ applied: number; conflicts: number }> {
  const applied = new Map((await db.selectFrom('applied_mutations').select(['id', 'order_id', 'applied_version']).where('order_id', 'in', orderIds).execute()).map((row) => [row.id, row]));
  const history = await db.selectFrom('order_history').select(['order_id', 'version', 'mutation_id']).where('order_id', 'in', orderIds).where('mutation_id', 'is not', null).execute();
  const made = new Map<string, { order_id: string; version: number }[]>();
  for (const row of history) made.set(row.mutation_id!, [...(made.get(row.mutation_id!) ?? []), row]);
  let conflicts = 0;
  for (const tablet of tablets) {
    const refused = new Set((await tablet.local.conflicts.toArray()).map((c) => c.id));
    conflicts += refused.size;
    for (const [index, id] of tablet.queued.entries()) {
      expect(applied.has(id) !== refused.has(id), `change ${id}: lost or both applied and refused`).toBe(true);
      const rows = made.get(id) ?? [];
      expect(rows.length, `change ${id} applied ${rows.length} times`).toBeLessThanOrEqual(1);
      if (!rows.length) continue;
      const over = rows[0]!.version - 1;
      const own = tablet.queued.slice(0, index).flatMap((earlier) => {
        const row = applied.get(earlier);
        return row && row.order_id === rows[0]!.order_id && row.applied_version !== null ? [Number(row.applied_version)] : [];
      });
      expect([tablet.builtOn.get(id), ...own], `change ${id} applied over version ${over}, which its tablet never built on`).toContain(over);
    }
  }
  return { applied: applied.size, conflicts };
}

/** A seeded generator, so a failing run can be replayed with its seed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
