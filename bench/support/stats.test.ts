import { describe, expect, it } from 'vitest';
import { medianInterval, verdictOf } from './stats';

describe('the interval of a median that the scale-pairs verdicts use', () => {
  it('takes the extremes of 8 slice ratios, whatever their order, and the 7th from each end of 24', () => {
    expect(medianInterval([64.7, 58.1, 65.3, 67.1, 64.9, 65.8, 60.4, 59.7])).toEqual({ low: 58.1, high: 67.1, coverage: 0.9921875 });
    const ranks = Array.from({ length: 24 }, (_, index) => 24 - index);
    const interval = medianInterval(ranks)!;
    expect([interval.low, interval.high]).toEqual([7, 18]);
    expect(interval.coverage).toBeCloseTo(0.9773, 4);
  });

  it('gives no interval when too few ratios could reach 95 %', () => {
    expect(medianInterval([1, 2, 3, 4, 5])).toBeNull();
    expect(verdictOf(null, 60)).toBe('on the line');
  });

  it('calls a budget met only when the whole interval clears it, missed only when it lies below', () => {
    expect(verdictOf({ low: 60, high: 66 }, 60)).toBe('met');
    expect(verdictOf({ low: 59.9, high: 66 }, 60)).toBe('on the line');
    expect(verdictOf({ low: 91, high: 99.9 }, 100)).toBe('missed');
  });
});
