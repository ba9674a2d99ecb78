import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { NotificationProvider } from './notifications';
import { CartDrawerProvider } from '../cart/cart-drawer-state';
import { loadShopDb } from '../db/lazy-db';

/** Renders shop UI inside the providers the shell gives it (router, notifications, drawer state). */
export function renderInShop(ui: ReactNode, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <NotificationProvider>
        <CartDrawerProvider>{ui}</CartDrawerProvider>
      </NotificationProvider>
    </MemoryRouter>,
  );
}

/** Empties the shop's IndexedDB tables (fake-indexeddb) between tests. */
export async function resetShopDb(): Promise<void> {
  const { db } = await loadShopDb();
  await Promise.all([db.cart.clear(), db.likes.clear(), db.meta.clear()]);
}
