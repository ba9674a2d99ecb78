import { useState } from 'react';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { saveQueuePrintFiles } from '../orders/print-file-remote';
import { linesCount } from '../shared/OrderLineSummary';
import { useOnline } from '../sync/use-sync-status';

const todayZipName = () => `print-files-${new Date().toISOString().slice(0, 10)}.zip`;

/**
 * 'Download print files': the server's ZIP of every line of the production queue (design.md §6).
 * The server makes it, so it needs the network; offline the button says so instead of failing.
 */
export function QueuePrintFiles({ queue }: { queue: readonly CachedOrder[] }) {
  const online = useOnline();
  const { notify, notifyError } = useNotify();
  const [busy, setBusy] = useState(false);
  const lines = queue.reduce((sum, order) => sum + order.items.length, 0);

  async function download() {
    setBusy(true);
    try {
      notify(`Saved ${await saveQueuePrintFiles(todayZipName())}`);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Could not download the print files');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="queue-print-files">
      <button type="button" className="admin-button admin-button--primary" disabled={!online || busy || lines === 0} onClick={download} aria-describedby="queue-print-files-note">
        {busy ? 'Preparing print files…' : 'Download print files'}
      </button>
      <span id="queue-print-files-note" className="admin-muted">
        {!online
          ? 'Online only: the ZIP is made by the server. Single SVG print files still download from each order.'
          : lines === 0
            ? 'The production queue is empty.'
            : `ZIP of the production queue: ${linesCount(lines)}, one file per line.`}
      </span>
    </div>
  );
}
