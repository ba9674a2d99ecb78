/**
 * Print files from the server (design.md §6): one line or the whole order as SVG, PNG or PDF, and
 * the production queue as one ZIP. Fetched with the admin's token (a plain link cannot send it)
 * and saved under the name the server gives.
 */
import { apiPath } from '../../../../shared/api/routes';
import type { PrintFormat } from '../../../../shared/schemas/print-file';
import { ApiError, getToken, messageForStatus, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from '../../../api/client';
import { downloadBlob } from '../shared/download';


export const PRINT_FILES_ZIP_PATH = '/api/fulfillment/print-files.zip';

/** A ZIP of a long queue takes a while to stream; single files are quick. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  return header.match(/filename\*=UTF-8''([^;]+)/i)?.[1]?.replace(/%([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    ?? header.match(/filename="([^"]+)"/i)?.[1]
    ?? fallback;
}

/** GETs an admin file and saves it; resolves with the saved file name, or throws an ApiError with the spec's message. */
export async function downloadFromApi(path: string, fallbackName: string): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal });
  } catch {
    clearTimeout(timer);
    const timedOut = controller.signal.aborted;
    throw new ApiError(timedOut ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE, 0, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR');
  }
  try {
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
      throw new ApiError(messageForStatus(response.status, body.error), response.status, body.code ?? `HTTP_${response.status}`);
    }
    const name = fileNameOf(response, fallbackName);
    downloadBlob(name, await response.blob());
    return name;
  } finally {
    clearTimeout(timer);
  }
}

export function orderPrintFilePath(orderId: string, format: PrintFormat, line?: number): string {
  return apiPath('printFile', { id: orderId }, { format, line, dpi: format === 'png' ? 300 : undefined });
}

/** The production queue (no ids) or the given orders, one file per line. */
export function queuePrintFilesPath(orderIds: readonly string[] = []): string {
  return orderIds.length ? `${PRINT_FILES_ZIP_PATH}?ids=${orderIds.map(encodeURIComponent).join(',')}` : PRINT_FILES_ZIP_PATH;
}
