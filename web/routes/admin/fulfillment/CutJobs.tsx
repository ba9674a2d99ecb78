import { useMemo, useState } from 'react';
import type { CutJobView } from '../../../../shared/api/answers';
import { CUT_JOB_FORMATS, type CutJobFormat } from '../../../../shared/schemas/cut-jobs';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { useOnline } from '../../../pwa/online';
import { cutJobGroups, type CutJobGroup } from './cut-job-groups';
import { saveCutJob, useCutJobs } from '../../../api/print-files';
import './cut-jobs.css';

const FORMAT_LABELS: Record<CutJobFormat, string> = { svg: 'SVG', pdf: 'PDF', plt: 'HPGL' };

type Figures = { state: 'loading' } | { state: 'ready'; byColor: Map<string, CutJobView> } | { state: 'failed'; message: string };

/** The server's nesting figures per colour, fetched again whenever the production queue changes. */
function useCutJobFigures(queueKey: string, online: boolean): Figures | null {
  const { data, error, fetchStatus } = useCutJobs(queueKey, online && queueKey !== '');
  return useMemo((): Figures | null => {
    if (data) return { state: 'ready', byColor: new Map(data.jobs.map((job) => [job.color, job])) };
    if (error) return { state: 'failed', message: error.message || 'Could not work out the roll lengths' };
    return fetchStatus === 'fetching' ? { state: 'loading' } : null;
  }, [data, error, fetchStatus]);
}

const metres = (mm: number) => (mm >= 1000 ? `${(mm / 1000).toFixed(2)} m` : `${Math.round(mm)} mm`);

function rollText(group: CutJobGroup, figures: Figures | null, online: boolean): string {
  const job = figures?.state === 'ready' ? figures.byColor.get(group.color) : undefined;
  const fresh = job && job.lines.length === group.lines.length;
  if (job && fresh) {
    const sheets = job.sheets.length > 1 ? ` on ${job.sheets.length} sheets` : '';
    return `${metres(job.lengthMm)} of the ${job.rollWidthMm} mm roll${sheets} · ${Math.round(job.utilization * 100)} % used`;
  }
  if (!online) return 'Roll length when online';
  if (figures?.state === 'failed') return figures.message;
  return 'Working out the roll…';
}

const thinness = (thin: NonNullable<CutJobView['lines'][number]['thinFeatures']>) =>
  [thin.thinnestStrokeMm !== null && `strokes ${thin.thinnestStrokeMm} mm`, thin.narrowestGapMm !== null && `gaps ${thin.narrowestGapMm} mm`].filter(Boolean).join(', ');

/** The lines whose decals have parts too thin to weed cleanly: marked on the sheet too, weed them with care. */
function ThinLines({ job }: { job: CutJobView | undefined }) {
  const thin = job?.lines.filter((line) => line.thinFeatures) ?? [];
  if (thin.length === 0) return null;
  return (
    <p className="cut-job__thin" role="note">
      <span aria-hidden="true">⚠ </span>
      {thin.length === 1 ? '1 line may tear when weeded' : `${thin.length} lines may tear when weeded`} (marked in red on the sheet):{' '}
      {thin.map((line) => `${line.orderNumber} L${line.line} (${thinness(line.thinFeatures!)})`).join('; ')}
    </p>
  );
}

interface CutJobsProps {
  queue: readonly CachedOrder[];
  onMarkPrinted(orders: CachedOrder[]): void | Promise<void>;
}

/**
 * The production queue as one cut job per vinyl colour (design.md §10): how much roll each takes,
 * its files for the cutter, and one action marking all its orders Printed. The grouping comes from
 * the tablet's cache, so the list and the action work offline; the files and the roll figures are
 * the server's nesting and need the network.
 */
export function CutJobs({ queue, onMarkPrinted }: CutJobsProps) {
  const online = useOnline();
  const groups = useMemo(() => cutJobGroups(queue), [queue]);
  const queueKey = useMemo(() => queue.map((order) => `${order.id}:${order.version}`).join(','), [queue]);
  const figures = useCutJobFigures(queueKey, online);
  const { notify, notifyError } = useNotify();
  const [busy, setBusy] = useState<string | null>(null);

  async function download(color: string, format: CutJobFormat) {
    setBusy(`${color}:${format}`);
    try {
      notify(`Saved ${await saveCutJob(color, format)}`);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Could not download the cut job');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="cut-jobs" aria-labelledby="cut-jobs-title">
      <h2 id="cut-jobs-title" className="queue__title" tabIndex={-1}>
        Cut jobs by vinyl colour <span className="queue__count">{groups.length}</span>
      </h2>
      {groups.length === 0 ? (
        <p className="admin-muted">Nothing to cut.</p>
      ) : (
        <ul className="cut-jobs__list">
          {groups.map((group) => (
            <li key={group.color} className="cut-job" data-color={group.color}>
              <div className="cut-job__head">
                <span className="cut-job__swatch" style={{ background: group.hex }} aria-hidden="true" />
                <h3 className="cut-job__title">{group.color}</h3>
                <span className="admin-muted">
                  {group.decals} decal{group.decals === 1 ? '' : 's'} · {group.orders.length} order{group.orders.length === 1 ? '' : 's'}
                </span>
              </div>
              <p className="cut-job__roll" aria-live="polite">{rollText(group, figures, online)}</p>
              <p className="cut-job__lines admin-muted">{group.lines.map((l) => `${l.orderNumber} L${l.line}${l.quantity > 1 ? ` ×${l.quantity}` : ''}`).join(', ')}</p>
              <ThinLines job={figures?.state === 'ready' ? figures.byColor.get(group.color) : undefined} />
              {group.mixed.length > 0 && (
                <p className="cut-job__mixed">
                  Also in other colours: {group.mixed.map((m) => `${m.orderNumber} (${m.otherColors.join(', ')})`).join('; ')}
                </p>
              )}
              <div className="cut-job__actions">
                {CUT_JOB_FORMATS.map((format) => (
                  <button
                    key={format}
                    type="button"
                    className="admin-button"
                    disabled={!online || busy !== null}
                    aria-label={`Download the ${group.color} cut job as ${FORMAT_LABELS[format]}`}
                    onClick={() => download(group.color, format)}
                  >
                    {busy === `${group.color}:${format}` ? 'Preparing…' : FORMAT_LABELS[format]}
                  </button>
                ))}
                <button type="button" className="admin-button admin-button--primary" onClick={() => onMarkPrinted(group.orders)}>
                  Mark {group.color} job Printed ({group.orders.length} order{group.orders.length === 1 ? '' : 's'})
                </button>
              </div>
              {!online && <p className="admin-muted cut-job__offline">Files are made by the server: online only. Marking Printed works offline and syncs later.</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
