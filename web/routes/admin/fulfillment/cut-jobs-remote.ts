/**
 * Cut jobs from the server (design.md §10): the nesting figures per colour, and each colour's job
 * as SVG, PDF or HPGL, fetched with the admin's token and saved under the server's name.
 */
import type { CutJobsAnswer } from '../../../../shared/api/answers';
import type { CutJobFormat } from '../../../../shared/schemas/cut-jobs';
import { call, type CallOptions } from '../../../api/client';
import { downloadBlob } from '../shared/download';

/** Nesting a long queue takes a few seconds; a 401 is shown, not redirected. */
const CUT_JOB_OPTIONS: CallOptions = { timeoutMs: 60_000, ignoreUnauthorized: true };

export function fetchCutJobs(): Promise<CutJobsAnswer> {
  return call('cutJobs', {}, CUT_JOB_OPTIONS);
}

/** Saves one colour's job; resolves with the saved file name, or throws an ApiError with the server's message. */
export async function saveCutJob(color: string, format: CutJobFormat): Promise<string> {
  const { blob, fileName } = await call('cutJobFile', { params: { color }, query: { format } }, CUT_JOB_OPTIONS);
  const name = fileName ?? `cut-${color.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${format}`;
  downloadBlob(name, blob);
  return name;
}
