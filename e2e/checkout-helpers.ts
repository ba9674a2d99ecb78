import { axeViolations } from './support/axe';
/** Shared steps of the checkout browser tests and the checkout UI benchmark. */
import type { Page } from 'playwright-core';

export const ADMIN = { email: 'owner@example.com', password: 'correct-horse-battery' };
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

export const SHOPPER = {
  Email: 'sam@example.com',
  Phone: '(555) 987-6543',
  'First name': 'Sam',
  'Last name': 'Rivera',
  Address: '10 Villa Lane',
  City: 'Los Angeles',
  'ZIP code': '90001',
} as const;

/**
 * Puts one line in the cart the way the app stores it (IndexedDB, Dexie's `cart` table), after
 * the app has opened its database on `/`.
 */
export async function seedCart(page: Page, baseUrl: string, lines = [{ text: 'Villa Vibes', quantity: 1 }]): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('cart-count').waitFor();
  await page.evaluate(async (wanted) => {
    // Open only once the app (Dexie) has created its schema; opening earlier would create an empty database.
    for (let i = 0; i < 200; i++) {
      const known = await indexedDB.databases();
      if (known.some((info) => info.name === 'reality-print-shop' && (info.version ?? 0) >= 10)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('reality-print-shop');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = database.transaction('cart', 'readwrite');
      wanted.forEach((line, index) =>
        tx.objectStore('cart').put({
          id: `seed-${index}-${Date.now()}`,
          productType: 'phone-case',
          device: 'iPhone 14 Pro',
          variant: 'iPhone 14 Pro',
          caseType: 'CLASSIC',
          text: line.text,
          color: 'Hot Pink',
          font: 'Inter',
          fontSize: 24,
          logo: false,
          priceCents: 595,
          quantity: line.quantity,
          addedAt: Date.now() + index,
        }),
      );
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    database.close();
  }, lines);
}

export async function openCheckout(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/checkout`);
  await page.getByRole('heading', { name: 'Shipping Information' }).waitFor();
}

export async function fillShipping(page: Page, values: Partial<Record<keyof typeof SHOPPER, string>> = SHOPPER): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

export async function goToPayment(page: Page): Promise<void> {
  await fillShipping(page);
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
}

export async function enterCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

export async function adminToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export async function listOrders(baseUrl: string, token: string): Promise<{ orders: { orderNumber: string; customerEmail: string; total: number }[]; total: number }> {
  const response = await fetch(`${baseUrl}/api/orders`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`order list failed: ${response.status}`);
  return response.json() as never;
}

/** serious and critical axe-core violations on the page as it is now. */
export async function axeSeriousViolations(page: Page): Promise<string[]> {
  return axeViolations(page, { seriousOnly: true });
}
