/** Wire types of the admin sync protocol (design.md §4). */
import type { AdminOrderView } from './api/types';
import type { OrderStatus } from './order-status';

export const SYNC_PULL_MAX_LIMIT = 500;
export const SYNC_PUSH_MAX_MUTATIONS = 500;

export interface SetStatusMutation {
  id: string;
  orderId: string;
  type: 'setStatus';
  status: OrderStatus;
  trackingNumber?: string | null;
  baseVersion: number;
  at: string;
}

export type SyncMutation = SetStatusMutation;

export type SyncResultKind = 'applied' | 'duplicate' | 'conflict' | 'invalid';

export interface SyncMutationResult {
  id: string;
  result: SyncResultKind;
  order?: AdminOrderView;
  error?: string;
}

export interface SyncPullResponse {
  orders: AdminOrderView[];
  cursor: string;
  hasMore: boolean;
}

export interface SyncPushRequest {
  mutations: SyncMutation[];
}

export interface SyncPushResponse {
  results: SyncMutationResult[];
}
