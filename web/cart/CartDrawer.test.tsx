import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderInShop, resetShopDb } from '../components/test-support';
import { Header } from '../shell/Header';
import { addToCart } from './cart-store';
import { CartDrawer } from './CartDrawer';

function Shell() {
  return (
    <>
      <Header />
      <Routes>
        <Route path="/" element={<p>Designer</p>} />
        <Route path="/checkout" element={<p>Checkout page</p>} />
      </Routes>
      <CartDrawer />
    </>
  );
}

describe('cart drawer', () => {
  beforeEach(resetShopDb);
  afterEach(cleanup);

  it('shows an empty message and closes with Escape, giving focus back', async () => {
    const user = userEvent.setup();
    renderInShop(<Shell />);
    const open = await screen.findByRole('button', { name: 'Cart 0 items' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Your Cart' });
    expect(dialog.textContent).toContain('Your cart is empty.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('lists lines with totals, changes quantities and removes', async () => {
    const user = userEvent.setup();
    await addToCart({ device: 'iPhone 13', text: 'Grafted', color: 'Teal', logo: true });
    await addToCart({ device: 'Standard Bottle', text: 'Hydrate', color: 'Orange' });
    renderInShop(<Shell />);
    await user.click(await screen.findByRole('button', { name: 'Cart 2 items' }));
    const dialog = screen.getByRole('dialog', { name: 'Your Cart' });
    await waitFor(() => expect(dialog.textContent).toContain('“Grafted”'));
    // The decal's own size (its letters), not the product's area.
    expect(dialog.textContent).toContain('Vinyl decal · iPhone 13 · Pecita, 24 mm letters');
    expect(dialog.textContent).toContain('Vinyl decal · Standard Water Bottle · Pecita, 24 mm letters');
    expect(dialog.textContent).toContain('Teal text in Pecita · with the show logo');
    expect(dialog.textContent).not.toContain('CLASSIC');
    expect(dialog.textContent).toContain('FREE');
    // Shipping and 8.5 % tax as the checkout will charge them, so the total never jumps.
    expect(dialog.textContent).toContain('Tax (8.5%)$1.01');
    expect(dialog.textContent).toContain('Total$12.91');

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Grafted' }));
    await waitFor(() => expect(dialog.textContent).toContain('Total$19.37'));
    expect(screen.getByRole('button', { name: 'Cart 3 items' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Grafted' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Grafted' }));
    await screen.findByText('Item removed from cart');
    await waitFor(() => expect(dialog.textContent).not.toContain('Grafted'));
    await user.click(screen.getByRole('button', { name: /Remove Hydrate/ }));
    await waitFor(() => expect(dialog.textContent).toContain('Your cart is empty.'));
  });

  it('Proceed to Checkout closes the drawer and opens /checkout', async () => {
    const user = userEvent.setup();
    await addToCart({ device: 'iPhone 13', text: 'Grafted', color: 'Teal' });
    renderInShop(<Shell />);
    await user.click(await screen.findByRole('button', { name: 'Cart 1 item' }));
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Checkout page')).toBeTruthy();
  });

  it('keeps Tab inside the drawer', async () => {
    const user = userEvent.setup();
    await addToCart({ device: 'iPhone 13', text: 'Grafted', color: 'Teal' });
    renderInShop(<Shell />);
    await user.click(await screen.findByRole('button', { name: 'Cart 1 item' }));
    const dialog = screen.getByRole('dialog');
    await screen.findByRole('button', { name: 'Proceed to Checkout' });
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});
