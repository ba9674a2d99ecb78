import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, statusStamp } from './order-status';

describe('statusStamp', () => {
  it('stamps printed, shipped and delivered on each arrival, and nothing when the status stays', () => {
    expect(statusStamp('processing', 'printed')).toBe('printed');
    expect(statusStamp('printed', 'shipped')).toBe('shipped');
    expect(statusStamp('shipped', 'delivered')).toBe('delivered');
    expect(statusStamp('delivered', 'printed')).toBe('printed');
    for (const status of ORDER_STATUSES) expect(statusStamp(status, status)).toBeNull();
    for (const to of ['pending', 'processing', 'cancelled'] as const) expect(statusStamp('printed', to)).toBeNull();
  });
});
