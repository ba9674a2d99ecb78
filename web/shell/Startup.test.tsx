/**
 * Start-up on the shopper's path, against the real server in a child process: the
 * stored token is verified at start (spec.md §4), a customer who tries /admin/login keeps the
 * shop session, and an offline start opens the shop at once with the offline banner.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { getToken, setToken } from '../api/client';
import { authStore } from '../auth/auth-store';
import { pointPageAt, startChildServer, type ChildServer } from '../routes/checkout/checkout.test-support';
import { Startup } from './Startup';

let server: ChildServer;
const customer = { email: `fan-${Date.now()}@example.com`, password: 'Villa-sunset-2026!', firstName: 'Molly', lastName: 'Mae' };

async function register(): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(customer),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

beforeAll(async () => {
  server = await startChildServer();
  pointPageAt(server.url);
}, 60_000);
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  cleanup();
  // The auth store is module state: later files in this worker must not inherit this customer.
  authStore.signOutLocally();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('start-up', () => {
  it('removes a stored token the server no longer accepts, at start', async () => {
    setToken('not-a-real-token');
    render(<Startup delayMs={0}><p>Shop</p></Startup>);
    await waitFor(() => expect(getToken()).toBeNull());
    expect(authStore.getState().status).toBe('signedOut');
  });

  it('verifies a valid token at start and keeps the customer signed in after a customer tries /admin/login', async () => {
    const token = await register();
    setToken(token);
    render(<Startup delayMs={0}><p>Shop</p></Startup>);
    await waitFor(() => expect(authStore.getState().user?.email).toBe(customer.email));

    expect(await authStore.loginAdmin(customer.email, customer.password)).toBeNull();
    expect(getToken()).toBe(token);
    expect(authStore.getState().user?.email).toBe(customer.email);
    const verify = await fetch(`${server.url}/api/auth/verify`, { headers: { Authorization: `Bearer ${token}` } });
    expect(verify.status).toBe(200);
  });

  it('opens a cached app when the server does not answer while the browser is online, with the Connection Issue as a banner', async () => {
    // A service worker controls the page: the app is on this device.
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    try {
      render(<Startup delayMs={0}><p>Shop</p></Startup>);
      await screen.findByText('Shop');
      const banner = await screen.findByText(/We're having trouble connecting to our servers/);
      expect(banner.closest('[role="status"]')?.querySelector('button')?.textContent).toBe('Retry');
      expect(screen.queryByRole('heading', { name: 'Connection Issue' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('keeps the full-screen gate for a first visit with nothing cached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    try {
      render(<Startup delayMs={0}><p>Shop</p></Startup>);
      await screen.findByRole('heading', { name: 'Connection Issue' });
      expect(screen.getByRole('button', { name: 'Retry (0/3)' })).toBeTruthy();
      expect(screen.queryByText('Shop')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens the shop at once with the offline banner when the browser reports offline', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    render(<Startup delayMs={60_000}><p>Shop</p></Startup>);
    expect(screen.getByText('Shop')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Offline mode');
    expect(screen.queryByText('Connection Issue')).toBeNull();
  });
});
