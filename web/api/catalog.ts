/**
 * The owner's catalogue (design.md §9, super_admins only; online only: it lives on the server).
 * Price, colour and font edits answer the whole catalogue, which replaces the cached one; a
 * variant edit answers the variant, so the catalogue is fetched again before the edit counts as
 * done. After any edit the shop in this browser takes the new catalogue too.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { LiveCatalog } from '../../shared/catalog';
import type { RequestOf } from '../../shared/api/routes';
import { refreshCatalog } from '../catalog/use-catalog';
import { call } from './client';
import { queryClient, queryKeysFactory } from './query-client';

export const catalogQueryKeys = queryKeysFactory('catalog');
const ADMIN_CATALOG = catalogQueryKeys.detail('admin');

export function useAdminCatalog() {
  return useQuery({ queryKey: ADMIN_CATALOG, queryFn: () => call('adminCatalog') }, queryClient);
}

/** Loads the catalogue afresh, through its loading state (the screen's "Try again"). */
export const reloadAdminCatalog = () => queryClient.resetQueries({ queryKey: ADMIN_CATALOG });

function catalogAnswered(catalog: LiveCatalog): void {
  queryClient.setQueryData(ADMIN_CATALOG, catalog);
  void refreshCatalog();
}

/** A failed refetch fails the edit too, so the row shows why nothing seems to have changed. */
async function variantAnswered(): Promise<void> {
  void refreshCatalog();
  await queryClient.refetchQueries({ queryKey: ADMIN_CATALOG, type: 'active' }, { throwOnError: true });
}

export function useCreateVariant() {
  return useMutation({ mutationFn: (body: RequestOf<'createVariant'>) => call('createVariant', { body }), onSuccess: variantAnswered }, queryClient);
}

export function useChangeVariant(id: number) {
  return useMutation(
    { mutationFn: (body: RequestOf<'changeVariant'>) => call('changeVariant', { params: { id: String(id) }, body }), onSuccess: variantAnswered },
    queryClient,
  );
}

export function useChangeProductType(id: string) {
  return useMutation(
    { mutationFn: (body: RequestOf<'changeProductType'>) => call('changeProductType', { params: { id }, body }), onSuccess: catalogAnswered },
    queryClient,
  );
}

export function useCreateColor() {
  return useMutation({ mutationFn: (body: RequestOf<'createColor'>) => call('createColor', { body }), onSuccess: catalogAnswered }, queryClient);
}

export function useChangeColor() {
  return useMutation(
    { mutationFn: ({ name, active }: { name: string; active: boolean }) => call('changeColor', { params: { name }, body: { active } }), onSuccess: catalogAnswered },
    queryClient,
  );
}

export function useChangeFont() {
  return useMutation(
    { mutationFn: ({ name, active }: { name: string; active: boolean }) => call('changeFont', { params: { name }, body: { active } }), onSuccess: catalogAnswered },
    queryClient,
  );
}
