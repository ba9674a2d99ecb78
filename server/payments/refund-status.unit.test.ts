import { expect, it } from 'vitest';
import { refundStatusApplies } from './refund-status';

const at = (status: string, statusAt: number | null = 100) => ({ status, statusAt });

it('never moves a refund back from a final state, whatever order the events come in', () => {
  expect(refundStatusApplies(at('failed'), { status: 'pending', eventAt: 200 })).toBe(false);
  expect(refundStatusApplies(at('failed'), { status: 'succeeded', eventAt: 200 })).toBe(false);
  expect(refundStatusApplies(at('canceled'), { status: 'succeeded', eventAt: 200 })).toBe(false);
  expect(refundStatusApplies(at('succeeded'), { status: 'pending', eventAt: 200 })).toBe(false);
});

it('moves a refund forward, a succeeded one that fails included', () => {
  expect(refundStatusApplies(at('pending'), { status: 'succeeded', eventAt: 50 })).toBe(true);
  expect(refundStatusApplies(at('succeeded'), { status: 'failed', eventAt: 200 })).toBe(true);
  expect(refundStatusApplies(at('pending', null), { status: 'requires_action', eventAt: 50 })).toBe(true);
});

it('within one stage, lets only the newer event win', () => {
  expect(refundStatusApplies(at('requires_action', 100), { status: 'pending', eventAt: 99 })).toBe(false);
  expect(refundStatusApplies(at('requires_action', 100), { status: 'pending', eventAt: 101 })).toBe(true);
  expect(refundStatusApplies(at('failed', 100), { status: 'canceled', eventAt: 90 })).toBe(false);
});
