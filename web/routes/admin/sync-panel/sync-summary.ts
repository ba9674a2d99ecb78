/**
 * The sync bar's one-line summary: it never says everything is saved while a change needs a
 * decision, nor before the server has answered (`checking`) or while it does not.
 */
export function syncSummary({ pending, conflicts, online, unreachable = false, checking = false }: { pending: number; conflicts: number; online: boolean; unreachable?: boolean; checking?: boolean }): string {
  const changes = (n: number) => `${n} change${n === 1 ? '' : 's'}`;
  const when = !online ? ': will sync when online' : unreachable ? ': will sync when the server answers' : ' to sync';
  const waiting = pending > 0 ? `${changes(pending)} waiting${when}` : '';
  const decisions = conflicts > 0 ? `${changes(conflicts)} need${conflicts === 1 ? 's' : ''} your decision` : '';
  if (waiting && decisions) return `${waiting} · ${decisions}`;
  if (waiting || decisions) return waiting || decisions;
  if (online && checking) return 'Checking the server…';
  if (online && unreachable) return 'Nothing waiting on this tablet';
  return 'All changes saved';
}
