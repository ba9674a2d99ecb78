import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { computeTotals, type Discount } from '../../../shared/pricing';
import { SPEC_DISCOUNTS } from '../../../shared/discount.test-support';
import { ApiError } from '../../api/client';
import { networkError } from '../../api/api-error';
import type { CartLine } from '../../db/db';
import { OrderSummary } from './OrderSummary';

const line: CartLine = {
  id: 'l1', device: 'iPhone 14', variant: 'iPhone 14', productType: 'phone-case', caseType: 'CLASSIC', text: 'Grafted',
  color: 'Teal', font: 'Pecita', fontSize: 24, logo: false, priceCents: 595, quantity: 1, addedAt: 1,
};

/** The server's answer as the shop sees it: the seeded codes, 422 for anything else. */
const serverCheck = async (code: string): Promise<Discount> => {
  const known = SPEC_DISCOUNTS[code as keyof typeof SPEC_DISCOUNTS];
  if (!known) throw new ApiError('Invalid discount code', 422, 'INVALID_DISCOUNT_CODE');
  return known;
};

function Summary({ threshold, check = serverCheck }: { threshold: number; check?: (code: string) => Promise<Discount> }) {
  const [discount, setDiscount] = useState<Discount | null>(null);
  const totals = computeTotals([line], { discount, freeShippingThresholdCents: threshold });
  return <OrderSummary lines={[line]} totals={totals} onDiscountChange={setDiscount} freeShippingThresholdCents={threshold} checkDiscount={check} />;
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
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert').textContent).toBe('Invalid discount code');
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(screen.getByRole('alert').textContent).toBe('Invalid discount code');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('says FREESHIP changes nothing when shipping is already free, and applies it when it helps', async () => {
    const { unmount } = render(<Summary threshold={200} />);
    apply('freeship');
    expect((await screen.findByRole('status')).textContent).toBe("Code FREESHIP is valid, but it doesn't lower this order: shipping is already free.");
    expect(screen.queryByText(/Code FREESHIP applied/)).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$6.46');
    expect(screen.getByText('Free shipping on every order')).toBeTruthy();
    unmount();

    render(<Summary threshold={2500} />);
    expect(screen.getByTestId('checkout-total').textContent).toBe('$11.87');
    expect(screen.getByText('Free shipping on orders over $25')).toBeTruthy();
    apply('FREESHIP');
    expect(await screen.findByText(/Code FREESHIP applied/)).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$6.46');
  });

  it('keeps a code tried without a connection, says so, and checks it when the connection is back', async () => {
    let offline = true;
    const check = async (code: string) => {
      if (offline) throw networkError(false);
      return serverCheck(code);
    };
    render(<Summary threshold={2500} check={check} />);
    apply('save10');
    expect((await screen.findByRole('status')).textContent).toBe("You're offline: code SAVE10 will be checked when you're back online. It is not applied yet.");
    expect(screen.getByTestId('checkout-total').textContent).toBe('$11.87');
    offline = false;
    // The shop already re-checks a waiting code once on its own; the shopper presses Apply after it.
    await screen.findByRole('button', { name: 'Apply' });
    apply('save10');
    expect(await screen.findByText(/Code SAVE10 applied/)).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).not.toBe('$11.87');
  });
});
