import type { LiveConflict } from '../../../sync/use-sync-status';
import { statusLabel as label } from './ReapplyDialog';

/**
 * Accessible names for one conflict's buttons. Two conflicts of one order (or of one order and one
 * status) would otherwise share a name: the queued time, then the position, tells them apart.
 */
function buttonNames(conflicts: readonly LiveConflict[]): Map<string, string> {
  const base = (c: LiveConflict) => `your change to ${label(c.mutation.status)} on ${c.orderNumber}`;
  const time = (c: LiveConflict) => new Date(c.mutation.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const names = new Map<string, string>();
  const count = (key: (c: LiveConflict) => string, c: LiveConflict) => conflicts.filter((other) => key(other) === key(c)).length;
  conflicts.forEach((c, index) => {
    let name = base(c);
    if (count(base, c) > 1) name += ` made at ${time(c)}`;
    if (count((o) => `${base(o)} ${time(o)}`, c) > 1) name += ` (${index + 1} of ${conflicts.length})`;
    names.set(c.id, name);
  });
  return names;
}

interface ConflictListProps {
  conflicts: LiveConflict[];
  onReapply(conflict: LiveConflict): void;
  onDrop(conflict: LiveConflict): void;
  onDropAll(): void;
  onReapplyAll(): void;
}

/**
 * The changes the server did not apply, each shown against the order as it is now: one line each
 * in a panel of bounded height that scrolls, so however many there are the orders below stay in
 * reach, with "Keep all theirs" and "Re-apply all mine" for the lot.
 */
export function ConflictList({ conflicts, onReapply, onDrop, onDropAll, onReapplyAll }: ConflictListProps) {
  const names = buttonNames(conflicts);
  const reapplicable = conflicts.filter((c) => c.reason !== 'invalid').length;
  const count = `${conflicts.length} change${conflicts.length === 1 ? '' : 's'}`;
  return (
    <section className="sync-conflicts" aria-labelledby="sync-conflicts-title">
      <div className="sync-conflicts__head">
        <h2 className="sync-conflicts__title" id="sync-conflicts-title">
          {count} could not be applied
        </h2>
        {conflicts.length > 1 && (
          <span className="sync-conflicts__all">
            <button type="button" className="admin-button admin-button--small admin-button--ghost" onClick={onDropAll}>
              Keep all theirs
            </button>
            {reapplicable > 0 && (
              <button type="button" className="admin-button admin-button--small" onClick={onReapplyAll}>
                Re-apply all mine…
              </button>
            )}
          </span>
        )}
      </div>
      <ul className="sync-conflicts__list" tabIndex={0} aria-label={`${count} to decide`}>
        {conflicts.map((conflict) => (
          <li key={conflict.id} className="sync-conflict" data-order-number={conflict.orderNumber} data-live-status={conflict.liveStatus}>
            <span className="sync-conflict__text">
              <strong>{conflict.orderNumber}</strong>: your change to <strong>{label(conflict.mutation.status)}</strong>{' '}
              {conflict.reason === 'invalid'
                ? `was refused${conflict.error ? ` (${conflict.error})` : ''}.`
                : `conflicts with a newer change; it is now ${label(conflict.liveStatus)}.`}
            </span>
            <span className="sync-conflict__actions">
              {conflict.reason !== 'invalid' && (
                <button type="button" className="admin-button admin-button--small" onClick={() => onReapply(conflict)} aria-label={`Re-apply ${names.get(conflict.id)}`}>
                  Re-apply…
                </button>
              )}
              <button type="button" className="admin-button admin-button--small admin-button--ghost" onClick={() => onDrop(conflict)} aria-label={`Drop ${names.get(conflict.id)}`}>
                Drop
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
