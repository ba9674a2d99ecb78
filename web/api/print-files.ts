/**
 * Files the print room saves (design.md §6, §10): print files of one order or line as SVG, PNG or
 * PDF, the production queue as one ZIP, and each colour's cut job as SVG, PDF or HPGL; plus the cut
 * jobs' nesting figures. Fetched with the admin's token (a plain link cannot send it) and saved under
 * the server's name. Saving a file is a plain call, not cached data: the screens combine it with
 * their fallbacks (an SVG made on the tablet, a sync first).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DownloadedFile } from '../../shared/api/contract';
import type { CutJobFormat } from '../../shared/schemas/cut-jobs';
import type { PrintFormat } from '../../shared/schemas/print-file';
import { downloadBlob } from '../components/download';
import { call, type CallOptions } from './client';
import { queryClient, queryKeysFactory } from './query-client';

/** A ZIP of a long queue takes a while to stream; single files are quick. A 401 is shown, not redirected. */
const DOWNLOAD_OPTIONS: CallOptions = { timeoutMs: 120_000, ignoreUnauthorized: true };
/** Nesting a long queue takes a few seconds. */
const CUT_JOB_OPTIONS: CallOptions = { timeoutMs: 60_000, ignoreUnauthorized: true };

export const cutJobsQueryKeys = queryKeysFactory('cut-jobs');

/** The nesting figures per colour for the queue `queueKey` names; the last figures stay while the next load. */
export function useCutJobs(queueKey: string, enabled: boolean) {
  return useQuery(
    { queryKey: cutJobsQueryKeys.list(queueKey), queryFn: () => call('cutJobs', {}, CUT_JOB_OPTIONS), enabled, placeholderData: keepPreviousData },
    queryClient,
  );
}

async function save(download: Promise<DownloadedFile>, fallbackName: string): Promise<string> {
  const { blob, fileName } = await download;
  const name = fileName ?? fallbackName;
  downloadBlob(name, blob);
  return name;
}

/** Saves one line (or every line) of an order; resolves with the saved file name, or throws an ApiError with the spec's message. */
export function saveOrderPrintFile(orderId: string, format: PrintFormat, line: number | undefined, fallbackName: string, timeoutMs?: number): Promise<string> {
  const query = { format, line, dpi: format === 'png' ? 300 : undefined };
  return save(call('printFile', { params: { id: orderId }, query }, { ...DOWNLOAD_OPTIONS, ...(timeoutMs ? { timeoutMs } : {}) }), fallbackName);
}

/** Saves the production queue (no ids) or the given orders as one ZIP, one file per line. */
export function saveQueuePrintFiles(fallbackName: string, orderIds: readonly string[] = []): Promise<string> {
  const query = { ids: orderIds.length ? orderIds.join(',') : undefined };
  return save(call('printFilesZip', { query }, DOWNLOAD_OPTIONS), fallbackName);
}

/** Saves one colour's cut job; resolves with the saved file name, or throws an ApiError with the server's message. */
export function saveCutJob(color: string, format: CutJobFormat): Promise<string> {
  return save(call('cutJobFile', { params: { color }, query: { format } }, CUT_JOB_OPTIONS), `cut-${color.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${format}`);
}
