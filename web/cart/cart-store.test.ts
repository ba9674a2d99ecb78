import { beforeEach, describe, expect, it } from 'vitest';
import { loadShopDb } from '../db/lazy-db';
import { resetShopDb } from '../components/test-support';
import { addToCart, adjustQuantity, loadCart, removeFromCart } from './cart-store';
import { clearCart, updateQuantity } from './cart-store.test-support';

const design = { device: 'iPhone 14 Pro', text: 'My type on paper', color: 'Hot Pink' };

async function lines() {
  const { db } = await loadShopDb();
  return db.cart.orderBy('addedAt').toArray();
}

describe('cart rules (spec.md §4)', () => {
  beforeEach(resetShopDb);

  it('adds a new item with the defaults and says so, at the smallest letter size its font is offered in', async () => {
    expect(await addToCart(design)).toBe('Added to cart!');
    const [line] = await lines();
    expect(line).toMatchObject({ ...design, caseType: 'CLASSIC', font: 'Pecita', fontSize: 48, logo: false, priceCents: 595, quantity: 1, productType: 'phone-case' });
    await addToCart({ ...design, font: 'Inter' });
    expect((await lines())[1]).toMatchObject({ font: 'Inter', fontSize: 24 });
  });

  it('raises the quantity of an identical item instead of adding a line', async () => {
    await addToCart(design);
    expect(await addToCart(design)).toBe('Quantity updated in cart!');
    const all = await lines();
    expect(all).toHaveLength(1);
    expect(all[0].quantity).toBe(2);
  });

  it.each([
    ['device', { device: 'iPhone 13' }],
    ['caseType', { caseType: 'TOUGH' }],
    ['text', { text: 'Grafted' }],
    ['color', { color: 'Teal' }],
    ['font', { font: 'Inter' }],
    ['fontSize', { fontSize: 30 }],
    ['logo', { logo: true }],
  ])('treats a different %s as a different item', async (_field, change) => {
    await addToCart(design);
    expect(await addToCart({ ...design, ...change })).toBe('Added to cart!');
    expect(await lines()).toHaveLength(2);
  });

  it('keeps two concurrent identical adds on one line', async () => {
    await Promise.all([addToCart(design), addToCart(design), addToCart(design)]);
    const all = await lines();
    expect(all).toHaveLength(1);
    expect(all[0].quantity).toBe(3);
  });

  it('removes a line when its quantity drops to 0 or below', async () => {
    await addToCart(design);
    const [line] = await lines();
    expect(await updateQuantity(line.id, 3)).toBeNull();
    expect((await lines())[0].quantity).toBe(3);
    expect(await updateQuantity(line.id, 0)).toBe('Item removed from cart');
    expect(await lines()).toHaveLength(0);
    await addToCart(design);
    expect(await updateQuantity((await lines())[0].id, -2)).toBe('Item removed from cart');
    expect(await lines()).toHaveLength(0);
  });

  it('adjusts quantities against the stored value, removing at 0', async () => {
    await addToCart(design);
    const [line] = await lines();
    await Promise.all([adjustQuantity(line.id, 1), adjustQuantity(line.id, 1)]);
    expect((await lines())[0].quantity).toBe(3);
    await Promise.all([adjustQuantity(line.id, -1), adjustQuantity(line.id, -1)]);
    expect((await lines())[0].quantity).toBe(1);
    expect(await adjustQuantity(line.id, -1)).toBe('Item removed from cart');
    expect(await lines()).toHaveLength(0);
  });

  it('removes and clears with the spec messages', async () => {
    await addToCart(design);
    await addToCart({ ...design, text: 'Grafted' });
    expect(await removeFromCart((await lines())[0].id)).toBe('Item removed from cart');
    expect(await lines()).toHaveLength(1);
    expect(await clearCart()).toBe('Cart cleared');
    expect(await lines()).toHaveLength(0);
  });

  it('reloads only lines with a device, text, colour and price', async () => {
    await addToCart(design);
    const { db } = await loadShopDb();
    const base = (await lines())[0];
    await db.cart.bulkAdd([
      { ...base, id: 'no-device', device: '', addedAt: 2 },
      { ...base, id: 'no-text', text: '', addedAt: 3 },
      { ...base, id: 'no-color', color: '', addedAt: 4 },
      { ...base, id: 'bad-price', priceCents: Number.NaN, addedAt: 5 },
    ]);
    const kept = await loadCart();
    expect(kept.map((line) => line.id)).toEqual([base.id]);
    expect(await lines()).toHaveLength(1);
  });

  it('moves a line saved at a letter size its font is no longer offered in to one it is, merging twins', async () => {
    const { db } = await loadShopDb();
    await addToCart({ ...design, text: 'Hi' });
    await addToCart({ ...design, text: 'Villa', font: 'Inter', fontSize: 24 });
    // Both may be added in the same millisecond: found by text, then ordered explicitly.
    const saved = await lines();
    const hi = saved.find((line) => line.text === 'Hi');
    const villa = saved.find((line) => line.text === 'Villa');
    await db.cart.update(hi!.id, { addedAt: 1 });
    await db.cart.update(villa!.id, { addedAt: 2 });
    // Saved before the letter-size rule: Pecita at the old default 24, twice, and one far too large.
    await db.cart.bulkAdd([
      { ...hi!, id: 'old-hi', fontSize: 24, quantity: 2, addedAt: 3 },
      { ...hi!, id: 'old-bye', text: 'Bye', fontSize: 24, addedAt: 4 },
      { ...villa!, id: 'huge-villa', fontSize: 120, addedAt: 5 },
    ]);
    const kept = await loadCart();
    expect(kept.map((line) => [line.text, line.font, line.fontSize, line.quantity])).toEqual([
      ['Hi', 'Pecita', 48, 3],
      ['Villa', 'Inter', 24, 1],
      ['Bye', 'Pecita', 48, 1],
      ['Villa', 'Inter', 96, 1],
    ]);
    expect((await lines()).map((line) => [line.id, line.fontSize, line.quantity])).toEqual(kept.map((line) => [line.id, line.fontSize, line.quantity]));
  });
});

describe('quantity limit', () => {
  beforeEach(resetShopDb);

  it('stops + and repeated adds at 99 with a message, so checkout never refuses the cart for it', async () => {
    await addToCart(design);
    const [line] = await lines();
    expect(await updateQuantity(line.id, 98)).toBeNull();
    expect(await adjustQuantity(line.id, 1)).toBeNull();
    expect((await lines())[0].quantity).toBe(99);
    expect(await adjustQuantity(line.id, 1)).toBe('You can order up to 99 of one design.');
    expect(await addToCart(design)).toBe('You can order up to 99 of one design.');
    expect(await updateQuantity(line.id, 500)).toBe('You can order up to 99 of one design.');
    expect((await lines())[0].quantity).toBe(99);
    expect(await adjustQuantity(line.id, -1)).toBeNull();
    expect((await lines())[0].quantity).toBe(98);
  });
});
