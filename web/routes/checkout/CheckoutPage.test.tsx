/**
 * The checkout screen in a DOM with a real IndexedDB (fake-indexeddb) and the real server (test
 * gateway) in a child process: step 1 validation, step 2 card checks, placement and its failures.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addToCart } from '../../cart/cart-store';
import { db } from '../../db/db';
import { LAST_ORDER_KEY } from './last-order';
import { pointPageAt, renderCheckout, startChildServer, type ChildServer } from './checkout.test-support';

let server: ChildServer;
beforeAll(async () => {
  server = await startChildServer();
  pointPageAt(server.url);
}, 60_000);
afterAll(async () => {
  cleanup();
  await server?.close();
});
beforeEach(async () => {
  cleanup();
  await db.cart.clear();
  await db.meta.clear();
  await addToCart({ device: 'iPhone 14 Pro', text: 'Villa Vibes', color: 'Hot Pink', font: 'Inter' });
});

const STEP1_REQUIRED = [
  'Email is required',
  'First name is required',
  'Last name is required',
  'Phone number is required',
  'Address is required',
  'City is required',
  'ZIP code is required',
];

async function fillShipping(user: ReturnType<typeof userEvent.setup>, overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    Email: 'casey@example.com',
    Phone: '(555) 123-4567',
    'First name': 'Casey',
    'Last name': 'Jones',
    Address: '1 Villa Way',
    City: 'Los Angeles',
    'ZIP code': '90001',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

async function toPaymentStep(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { name: 'Shipping Information' });
  await fillShipping(user);
  await user.click(screen.getByRole('button', { name: /Continue/ }));
  await screen.findByRole('heading', { name: 'Payment' });
}

async function enterCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('step 1: shipping', () => {
  it('shows every required-field message at its field and clears a message when the field is edited', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('CA');
    expect(within(screen.getByLabelText('State')).getAllByRole('option')).toHaveLength(51);
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('United States');

    await user.click(screen.getByRole('button', { name: /Continue/ }));
    for (const message of STEP1_REQUIRED) expect(screen.getByText(message)).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Email is required');

    await user.type(email, 'x');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('City is required')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('State'), '');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(screen.getByText('State is required')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Shipping Information' })).toBeTruthy();
  });

  it('checks the email, phone and ZIP formats and moves on only when all pass', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    await fillShipping(user, { Email: 'casey@example', Phone: '12345', 'ZIP code': '9000' });
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Invalid US phone number format')).toBeTruthy();
    expect(screen.getByText('Invalid ZIP code format (12345 or 12345-6789)')).toBeTruthy();

    await fillShipping(user, { Phone: '+1 555-123-4567', 'ZIP code': '90001-1234' });
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    await screen.findByRole('heading', { name: 'Payment' });
  });
});

describe('step 2: payment', () => {
  it('asks for complete card details, shows billing fields when unticked and goes back to shipping', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await toPaymentStep(user);
    expect(screen.queryByLabelText('Billing address')).toBeNull();
    await user.click(screen.getByLabelText('Same as shipping address'));
    expect(screen.getByLabelText('Billing address')).toBeTruthy();
    expect(within(screen.getByLabelText('Billing state')).getAllByRole('option')).toHaveLength(50);

    await user.type(screen.getByLabelText('Card number'), '4242 4242');
    await user.click(screen.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }));
    expect(await screen.findByText('Please enter complete card details')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to Shipping' }));
    expect(screen.getByRole('heading', { name: 'Shipping Information' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('casey@example.com');
  });

  it('rejects a card number that is not a Stripe test card', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await toPaymentStep(user);
    await user.type(screen.getByLabelText('Card number'), '4242424242424241');
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
  });

  it('checks discount codes: an unknown one is refused, SAVE10 takes 10 % off', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Shipping Information' });
    expect(screen.getByTestId('checkout-total').textContent).toBe('$6.46');
    await user.type(screen.getByLabelText('Discount code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // The server answers (the codes live in its database).
    expect(await screen.findByText('Invalid discount code')).toBeTruthy();
    await user.clear(screen.getByLabelText('Discount code'));
    await user.type(screen.getByLabelText('Discount code'), 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Code SAVE10 applied/)).toBeTruthy();
    expect(screen.queryByText('Invalid discount code')).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$5.80');
  });

  it('places the order with a test card: confirmation, last order kept, cart cleared', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await toPaymentStep(user);
    await enterCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }));
    await screen.findByRole('heading', { name: 'Order Complete!' }, { timeout: 10_000 });
    const orderNumber = screen.getByTestId('order-number').textContent!;
    expect(orderNumber).toMatch(/^[A-Z0-9-]{4,}$/);
    expect(screen.getByTestId('order-total').textContent).toBe('$6.46');
    expect(screen.getByTestId('order-email').textContent).toBe('casey@example.com');
    expect(await screen.findByText('Order placed successfully!')).toBeTruthy();
    await waitFor(async () => expect(await db.cart.count()).toBe(0));
    expect(((await db.meta.get(LAST_ORDER_KEY))?.value as { orderNumber: string }).orderNumber).toBe(orderNumber);

    await user.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    await screen.findByText('Shop home');
    await waitFor(async () => expect(await db.meta.get(LAST_ORDER_KEY)).toBeUndefined());
  });

  it.each([
    ['4000000000009995', 'Insufficient funds. Please try a different card.'],
    ['4000000000000002', 'Your card was declined. Please try a different payment method.'],
    ['4000002760003184', 'Payment requires additional authentication. Please try again.'],
  ])('shows the message for test card %s and keeps the cart', async (number, message) => {
    const user = userEvent.setup();
    renderCheckout();
    await toPaymentStep(user);
    await enterCard(user, number);
    await user.click(screen.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }));
    expect(await screen.findByText(message, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ })).toBeTruthy();
    expect(await db.cart.count()).toBe(1);
  });
});
