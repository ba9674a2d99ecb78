import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../shared/order-status';
import { OrderProgress, PROGRESS_STEPS } from './OrderProgress';

afterEach(() => cleanup());

describe('the order progress line of /orders/track', () => {
  it.each(PROGRESS_STEPS.map((step, index) => [step.status, step.label, index] as const))('marks %s as the current step and the ones before it done', (status, label, index) => {
    render(<OrderProgress status={status} />);
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.replace(/^[✓\d]/, '').replace(' (done)', ''))).toEqual(['Pending', 'In Production', 'Ready to Ship', 'Shipped', 'Delivered']);
    expect(steps.filter((step) => step.getAttribute('aria-current') === 'step').map((step) => step.textContent)).toEqual([`${index + 1}${label}`]);
    expect(steps.filter((step) => step.textContent?.endsWith('(done)'))).toHaveLength(index);
  });

  it('shows a cancelled order plainly, without a progress line', () => {
    render(<OrderProgress status="cancelled" />);
    expect(screen.queryByRole('list', { name: 'Order progress' })).toBeNull();
    expect(screen.getByText(/This order was cancelled/)).toBeTruthy();
  });

  it('covers every status of the shop', () => {
    expect([...PROGRESS_STEPS.map((step) => step.status), 'cancelled'].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});
