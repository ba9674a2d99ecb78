/**
 * Test-only cart operations: the spec's "set a quantity" and "clear the cart" (spec.md §4), which the
 * drawer does not offer (it steps quantities with adjustQuantity); the tests keep their rules checked.
 */
import { loadShopDb } from '../db/lazy-db';
import { CART_MESSAGES, MAX_QUANTITY_PER_LINE, removeFromCart } from './cart-store';

/** Sets a line's quantity; 0 or less removes the line (spec.md §4). Returns a message when removed. */
export async function updateQuantity(id: string, quantity: number): Promise<string | null> {
  if (quantity <= 0) return removeFromCart(id);
  const { db } = await loadShopDb();
  await db.cart.update(id, { quantity: Math.min(MAX_QUANTITY_PER_LINE, Math.floor(quantity)) });
  return quantity > MAX_QUANTITY_PER_LINE ? CART_MESSAGES.quantityLimit : null;
}

export async function clearCart(): Promise<string> {
  const { db } = await loadShopDb();
  await db.cart.clear();
  return CART_MESSAGES.cleared;
}
