/**
 * Start-up on the shopper's path (issue 14), against the real server in a child process: the
 * stored token is verified at start (spec.md §4), a customer who tries /admin/login keeps the
 * shop session, and an offline start opens the shop at once with the offline banner.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

  it('opens the shop at once with the offline banner when the browser reports offline', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    render(<Startup delayMs={60_000}><p>Shop</p></Startup>);
    expect(screen.getByText('Shop')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Offline mode');
    expect(screen.queryByText('Connection Issue')).toBeNull();
  });
});
