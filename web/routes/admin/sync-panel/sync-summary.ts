/** The sync bar's one-line summary: it never says everything is saved while a change needs a decision. */
export function syncSummary({ pending, conflicts, online }: { pending: number; conflicts: number; online: boolean }): string {
  const changes = (n: number) => `${n} change${n === 1 ? '' : 's'}`;
  const waiting = pending > 0 ? `${changes(pending)} waiting${online ? ' to sync' : ': will sync when online'}` : '';
  const decisions = conflicts > 0 ? `${changes(conflicts)} need${conflicts === 1 ? 's' : ''} your decision` : '';
  if (waiting && decisions) return `${waiting} · ${decisions}`;
  return waiting || decisions || 'All changes saved';
}
