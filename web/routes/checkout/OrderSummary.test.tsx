import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { computeTotals } from '../../../shared/pricing';
import type { CartLine } from '../../db/db';
import { OrderSummary } from './OrderSummary';

const line: CartLine = {
  id: 'l1', device: 'iPhone 14', variant: 'iPhone 14', productType: 'phone-case', caseType: 'CLASSIC', text: 'Grafted',
  color: 'Teal', font: 'Pecita', fontSize: 24, logo: false, priceCents: 595, quantity: 1, addedAt: 1,
};

function Summary({ threshold }: { threshold: number }) {
  const [code, setCode] = useState<string | null>(null);
  const totals = computeTotals([line], { discountCode: code, freeShippingThresholdCents: threshold });
  return <OrderSummary lines={[line]} totals={totals} onDiscountChange={setCode} freeShippingThresholdCents={threshold} />;
}

function apply(code: string) {
  fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('order summary discount code', () => {
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
  });

  it('clears the invalid-code error after 5 s (spec.md §4 Timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Summary threshold={200} />);
    apply('NOPE');
    expect(screen.getByRole('alert').textContent).toBe('Invalid discount code');
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(screen.getByRole('alert').textContent).toBe('Invalid discount code');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('says FREESHIP changes nothing when shipping is already free, and applies it when it helps', () => {
    const { unmount } = render(<Summary threshold={200} />);
    apply('freeship');
    expect(screen.getByRole('status').textContent).toBe("Code FREESHIP is valid, but it doesn't lower this order: shipping is already free.");
    expect(screen.queryByText(/Code FREESHIP applied/)).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$6.46');
    expect(screen.getByText('Free shipping on every order')).toBeTruthy();
    unmount();

    render(<Summary threshold={2500} />);
    expect(screen.getByTestId('checkout-total').textContent).toBe('$11.87');
    expect(screen.getByText('Free shipping on orders over $25')).toBeTruthy();
    apply('FREESHIP');
    expect(screen.getByText(/Code FREESHIP applied/)).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$6.46');
  });
});
