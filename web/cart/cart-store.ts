import { sameDesign, type Design } from '../../shared/design';
import type { CartLine } from '../db/db';
import { loadShopDb } from '../db/lazy-db';
import {
  DEFAULT_CASE_TYPE,
  DEFAULT_FONT,
  findProductType,
  priceOf,
  productTypeOfVariant,
  MAX_QUANTITY_PER_LINE,
} from '../../shared/catalog';
import { decalTitle } from '../../shared/decal';
import { clampFontSize, fontSizeRange } from '../../shared/decal-size';

export { MAX_QUANTITY_PER_LINE };

/** Shown when adding a design to the cart fails (gallery and customizer). */
export const ADD_FAILED_MESSAGE = 'Error adding item to cart. Please try again.';

/** What a screen hands to the cart; omitted fields take the defaults of spec.md §3. */
export type NewCartItem = Pick<Design, 'device' | 'text' | 'color'> &
  Partial<Pick<Design, 'caseType' | 'font' | 'fontSize' | 'logo'>> & { productType?: string; variant?: string; priceCents?: number };

export const CART_MESSAGES = {
  added: 'Added to cart!',
  quantityUpdated: 'Quantity updated in cart!',
  removed: 'Item removed from cart',
  cleared: 'Cart cleared',
  /** The + button and a repeated add stop here, the same limit the checkout enforces. */
  quantityLimit: `You can order up to ${MAX_QUANTITY_PER_LINE} of one design.`,
} as const;


/** "Vinyl decal · iPhone 14 · Pecita, 12 mm letters", as the drawer and the checkout summary title a line. */
export function cartLineTitle(line: Pick<CartLine, 'productType' | 'device' | 'font' | 'fontSize'>): string {
  return decalTitle(line);
}

/** "Yellow text in Pecita", plus the logo when there is one: plain words, no internal codes. */
export function cartLineDetails(line: Pick<CartLine, 'color' | 'font' | 'logo'>): string {
  return `${line.color} text in ${line.font}${line.logo ? ' · with the show logo' : ''}`;
}

/** spec.md §4: only lines with a device, text, colour and price survive a reload. */
export function isValidCartLine(line: Partial<CartLine> | null | undefined): line is CartLine {
  return !!line && !!line.device && !!line.text && !!line.color && typeof line.priceCents === 'number' && Number.isFinite(line.priceCents) && line.priceCents > 0;
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Adds one item, or raises the quantity of the identical line by 1, in one transaction so two
 * tabs adding at once cannot create twin lines. Returns the message to show.
 */
export async function addToCart(item: NewCartItem): Promise<string> {
  const line: CartLine = {
    id: newId(),
    device: item.device,
    variant: item.variant ?? item.device,
    productType: item.productType ?? productTypeOfVariant(item.device)?.id ?? findProductType('phone-case')!.id,
    caseType: item.caseType ?? DEFAULT_CASE_TYPE,
    text: item.text,
    color: item.color,
    font: item.font ?? DEFAULT_FONT,
    fontSize: item.fontSize ?? fontSizeRange(item.font ?? DEFAULT_FONT).initial,
    logo: item.logo ?? false,
    priceCents: item.priceCents ?? priceOf(item.device).priceCents,
    quantity: 1,
    addedAt: Date.now(),
  };
  const { db } = await loadShopDb();
  return db.transaction('rw', db.cart, async () => {
    const existing = (await db.cart.toArray()).find((candidate) => sameDesign(candidate, line));
    if (existing) {
      if (existing.quantity >= MAX_QUANTITY_PER_LINE) return CART_MESSAGES.quantityLimit;
      await db.cart.update(existing.id, { quantity: existing.quantity + 1 });
      return CART_MESSAGES.quantityUpdated;
    }
    await db.cart.add(line);
    return CART_MESSAGES.added;
  });
}

/**
 * Changes a line's quantity by `delta` against its stored value, so quick repeated clicks (or
 * another tab) never work from a stale number. 0 or less removes the line.
 */
export async function adjustQuantity(id: string, delta: number): Promise<string | null> {
  const { db } = await loadShopDb();
  return db.transaction('rw', db.cart, async () => {
    const line = await db.cart.get(id);
    if (!line) return null;
    const quantity = line.quantity + delta;
    if (quantity <= 0) {
      await db.cart.delete(id);
      return CART_MESSAGES.removed;
    }
    if (quantity > MAX_QUANTITY_PER_LINE) return CART_MESSAGES.quantityLimit;
    await db.cart.update(id, { quantity });
    return null;
  });
}

export async function removeFromCart(id: string): Promise<string> {
  const { db } = await loadShopDb();
  await db.cart.delete(id);
  return CART_MESSAGES.removed;
}

/** Takes the catalogue's current price for these lines (after the shopper saw the change). */
export async function updateLinePrices(ids: readonly string[]): Promise<void> {
  const { db } = await loadShopDb();
  await db.transaction('rw', db.cart, async () => {
    for (const id of ids) {
      const line = await db.cart.get(id);
      if (line) await db.cart.update(id, { priceCents: priceOf(line.device).priceCents });
    }
  });
}

/** Empties the cart and hands back its lines, so the notice can offer to put them back. */
export async function clearCart(): Promise<CartLine[]> {
  const { db } = await loadShopDb();
  return db.transaction('rw', db.cart, async () => {
    const lines = await db.cart.toArray();
    await db.cart.clear();
    return lines;
  });
}

/** Undo of clearCart: the lines come back as they were (ids kept, so a twin add cannot duplicate them). */
export async function restoreCart(lines: readonly CartLine[]): Promise<void> {
  const { db } = await loadShopDb();
  await db.cart.bulkPut([...lines]);
}

/**
 * A line saved at a letter size its font is no longer offered in (Pecita at the old default 12 mm,
 * which tears when weeded) moves to the nearest size it is offered in; the cart then states the new
 * size, and the checkout's fit check says so if the text no longer fits at it.
 */
function atOfferedSize(line: CartLine): CartLine {
  const { min, max } = fontSizeRange(line.font);
  return line.fontSize < min || line.fontSize > max ? { ...line, fontSize: clampFontSize(line.font, line.fontSize) } : line;
}

/**
 * The cart as reloaded at start: invalid lines are dropped from storage, lines at a letter size no
 * longer offered are moved to one that is (merged into a twin the move creates), the rest kept in order.
 */
export async function loadCart(): Promise<CartLine[]> {
  const { db } = await loadShopDb();
  return db.transaction('rw', db.cart, async () => {
    const lines = await db.cart.orderBy('addedAt').toArray();
    const invalid = lines.filter((line) => !isValidCartLine(line)).map((line) => (line as CartLine).id);
    if (invalid.length) await db.cart.bulkDelete(invalid);
    const kept: CartLine[] = [];
    for (const stored of lines.filter(isValidCartLine)) {
      const line = atOfferedSize(stored);
      if (line === stored) {
        kept.push(line);
        continue;
      }
      const twin = kept.find((candidate) => sameDesign(candidate, line));
      if (twin) {
        twin.quantity = Math.min(MAX_QUANTITY_PER_LINE, twin.quantity + line.quantity);
        await db.cart.update(twin.id, { quantity: twin.quantity });
        await db.cart.delete(line.id);
      } else {
        await db.cart.update(line.id, { fontSize: line.fontSize });
        kept.push(line);
      }
    }
    return kept;
  });
}
