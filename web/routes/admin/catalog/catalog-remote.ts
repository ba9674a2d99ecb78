/** The Catalogue screen's calls (online only: the catalogue lives on the server, design.md §9). */
import type { LiveCatalog } from '../../../../shared/catalog';
import type { RequestOf } from '../../../../shared/api/routes';
import type { VariantAnswer } from '../../../../shared/api/answers';
import { call } from '../../../api/client';
import { refreshCatalog } from '../../../catalog/use-catalog';

/** After an edit the shop in this browser takes the new catalogue too. */
function andRefreshShop<T>(answer: T): T {
  void refreshCatalog();
  return answer;
}

export const loadAdminCatalog = (): Promise<LiveCatalog> => call('adminCatalog');

export const createVariant = (body: RequestOf<'createVariant'>): Promise<VariantAnswer> => call('createVariant', { body }).then(andRefreshShop);

export const changeVariant = (id: number, body: RequestOf<'changeVariant'>): Promise<VariantAnswer> =>
  call('changeVariant', { params: { id: String(id) }, body }).then(andRefreshShop);

export const changeProductType = (id: string, body: RequestOf<'changeProductType'>): Promise<LiveCatalog> =>
  call('changeProductType', { params: { id }, body }).then(andRefreshShop);

export const createColor = (body: RequestOf<'createColor'>): Promise<LiveCatalog> => call('createColor', { body }).then(andRefreshShop);

export const changeColor = (name: string, body: RequestOf<'changeColor'>): Promise<LiveCatalog> =>
  call('changeColor', { params: { name }, body }).then(andRefreshShop);

export const changeFont = (name: string, active: boolean): Promise<LiveCatalog> => call('changeFont', { params: { name }, body: { active } }).then(andRefreshShop);

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** "5.95" → 595; anything but dollars with at most two decimals → null. */
export function dollarsToCents(value: string): number | null {
  const trimmed = value.trim().replace(/^\$/, '');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

export const centsToDollars = (cents: number | null): string => (cents === null ? '' : (cents / 100).toFixed(2));
