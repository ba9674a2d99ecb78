/** The Staff screen's calls (super_admins only; design.md §9). */
import type { RequestOf, ResponseOf } from '../../../../shared/api/routes';
import { call } from '../../../api/client';

export const fetchStaff = (): Promise<ResponseOf<'staffList'>> => call('staffList');

export const inviteStaff = (input: RequestOf<'staffInvite'>): Promise<ResponseOf<'staffInvite'>> => call('staffInvite', { body: input });

export const changeStaff = (id: number, change: RequestOf<'staffChange'>): Promise<ResponseOf<'staffChange'>> =>
  call('staffChange', { params: { id: String(id) }, body: change });

export const withdrawInvite = (email: string): Promise<ResponseOf<'staffInviteWithdraw'>> => call('staffInviteWithdraw', { body: { email } });
