import { createContext, useContext } from 'react';
import type { AnalyticsRange } from '../../../shared/order-status';

export interface AdminRange {
  range: AnalyticsRange;
  setRange(range: AnalyticsRange): void;
}

export const AdminRangeContext = createContext<AdminRange>({ range: '30d', setRange: () => undefined });

/** The dashboard's date range (7d, 30d, 90d, 1y; 30d by default, spec.md §9). */
export function useAdminRange(): AdminRange {
  return useContext(AdminRangeContext);
}
