import { useState } from 'react';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { useShopLiveQuery } from '../../../db/lazy-db';
import { adminSyncEngine } from '../../../sync/admin-sync';
import { changedSinceDownload, readZipStamp, recordZipDownload } from '../../../sync/print-zip-stamp';
import { saveQueuePrintFiles } from '../../../api/print-files';
import { formatDateTime } from '../shared/format';
import { linesCount } from '../shared/OrderLineSummary';
import { useOnline } from '../../../pwa/online';

const todayZipName = () => `print-files-${new Date().toISOString().slice(0, 10)}.zip`;

/**
 * 'Download print files': the server's ZIP of every line of the production queue (design.md §6).
 * The server makes it, so it needs the network; offline the button says so instead of failing.
 * Orders whose lines were fixed after the last download are named, so the old file is not cut.
 */
export function QueuePrintFiles({ queue }: { queue: readonly CachedOrder[] }) {
  const online = useOnline();
  const { notify, notifyError } = useNotify();
  const [busy, setBusy] = useState(false);
  const stamp = useShopLiveQuery(readZipStamp, []);
  const changed = changedSinceDownload(stamp, queue);
  const lines = queue.reduce((sum, order) => sum + order.items.length, 0);

  async function download() {
    setBusy(true);
    try {
      // The cache first catches up, so what is recorded as downloaded is what the server put in the ZIP.
      await adminSyncEngine().pull();
      const name = await saveQueuePrintFiles(todayZipName());
      await recordZipDownload(queue);
      notify(`Saved ${name}`);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Could not download the print files');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="queue-print-files">
      <button type="button" className="admin-button admin-button--primary" disabled={!online || busy || lines === 0} onClick={download} aria-describedby="queue-print-files-note">
        {busy ? 'Preparing print files…' : changed.length ? 'Download print files again' : 'Download print files'}
      </button>
      <span id="queue-print-files-note" className="admin-muted">
        {!online
          ? 'Online only: the ZIP is made by the server. Single SVG print files still download from each order.'
          : lines === 0
            ? 'The production queue is empty.'
            : `ZIP of the production queue: ${linesCount(lines)}, one file per line.`}
      </span>
      {changed.length > 0 && stamp && (
        <div className="queue-print-files__changed" role="status">
          <strong>Changed after you downloaded it</strong> ({formatDateTime(new Date(stamp.at).toISOString())}):{' '}
          {changed.map((order) => order.orderNumber).join(', ')}. Download the print files again before cutting these.
        </div>
      )}
    </div>
  );
}
