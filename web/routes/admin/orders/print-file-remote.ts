/**
 * Print files from the server (design.md §6): one line or the whole order as SVG, PNG or PDF, and
 * the production queue as one ZIP. Fetched with the admin's token (a plain link cannot send it)
 * and saved under the name the server gives.
 */
import type { DownloadedFile } from '../../../../shared/api/contract';
import type { PrintFormat } from '../../../../shared/schemas/print-file';
import { call, type CallOptions } from '../../../api/client';
import { downloadBlob } from '../shared/download';

/** A ZIP of a long queue takes a while to stream; single files are quick. A 401 is shown, not redirected. */
const DOWNLOAD_OPTIONS: CallOptions = { timeoutMs: 120_000, ignoreUnauthorized: true };

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
