import { describe, expect, it } from 'vitest';
import { syncSummary } from './sync-summary';

describe('the sync summary', () => {
  it('says all changes are saved only when nothing waits and nothing needs a decision', () => {
    expect(syncSummary({ pending: 0, conflicts: 0, online: true })).toBe('All changes saved');
    expect(syncSummary({ pending: 0, conflicts: 1, online: true })).toBe('1 change needs your decision');
    expect(syncSummary({ pending: 2, conflicts: 0, online: true })).toBe('2 changes waiting to sync');
    expect(syncSummary({ pending: 1, conflicts: 0, online: false })).toBe('1 change waiting: will sync when online');
    expect(syncSummary({ pending: 1, conflicts: 0, online: true, unreachable: true })).toBe('1 change waiting: will sync when the server answers');
    expect(syncSummary({ pending: 3, conflicts: 2, online: true })).toBe('3 changes waiting to sync · 2 changes need your decision');
  });

  it('never combines "All changes saved" with a conflict, whatever the counts', () => {
    for (let pending = 0; pending < 4; pending++)
      for (let conflicts = 0; conflicts < 4; conflicts++)
        for (const online of [true, false]) {
          const text = syncSummary({ pending, conflicts, online });
          expect(text.includes('All changes saved')).toBe(pending === 0 && conflicts === 0);
        }
  });
});
