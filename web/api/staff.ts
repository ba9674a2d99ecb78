/**
 * Staff accounts and invitations (design.md §9). The list and its changes are the super_admin's
 * (Staff screen); looking up and accepting an invitation is for anyone holding the mailed link,
 * and accepting signs this browser in.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { RequestOf } from '../../shared/api/routes';
import { authStore } from '../auth/auth-store';
import { call } from './client';
import { queryClient, queryKeysFactory } from './query-client';

export const staffQueryKeys = queryKeysFactory('staff');
export const inviteQueryKeys = queryKeysFactory('invite');

export function useStaff() {
  return useQuery({ queryKey: staffQueryKeys.lists(), queryFn: () => call('staffList') }, queryClient);
}

/** The list again after a change; the change is done whether or not this refetch answers. */
const refetchStaff = () => void queryClient.invalidateQueries({ queryKey: staffQueryKeys.all });

export function useInviteStaff() {
  return useMutation({ mutationFn: (input: RequestOf<'staffInvite'>) => call('staffInvite', { body: input }), onSuccess: refetchStaff }, queryClient);
}

export function useChangeStaff(id: number) {
  return useMutation(
    { mutationFn: (change: RequestOf<'staffChange'>) => call('staffChange', { params: { id: String(id) }, body: change }), onSuccess: refetchStaff },
    queryClient,
  );
}

export function useWithdrawInvite() {
  return useMutation({ mutationFn: (email: string) => call('staffInviteWithdraw', { body: { email } }), onSuccess: refetchStaff }, queryClient);
}

/** The invitation a mailed token names (its e-mail and role), or the server's refusal. */
export function useInvite(token: string) {
  return useQuery(
    { queryKey: inviteQueryKeys.detail(token), queryFn: () => call('inviteLookup', { body: { token } }, { ignoreUnauthorized: true }), enabled: token !== '' },
    queryClient,
  );
}

export function useAcceptInvite() {
  return useMutation(
    { mutationFn: async (input: RequestOf<'inviteAccept'>) => authStore.adopt(await call('inviteAccept', { body: input }, { ignoreUnauthorized: true })) },
    queryClient,
  );
}
