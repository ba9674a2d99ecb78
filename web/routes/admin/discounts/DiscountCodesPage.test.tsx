/**
 * The Discount codes screen in a DOM against the real server (a child process, as the checkout's
 * DOM tests run it): the list, a deactivation, and what it says without the server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { NotificationProvider } from '../../../components/notifications';
import { setToken } from '../../../auth/token';
import { pointPageAt, startChildServer, type ChildServer } from '../../checkout/checkout.test-support';
import DiscountCodesPage from './DiscountCodesPage';

const ADMIN = { email: 'owner@example.com', password: 'correct-horse-battery' };
let server: ChildServer;
beforeAll(async () => {
  server = await startChildServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  pointPageAt(server.url);
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  setToken(((await login.json()) as { token: string }).token);
}, 60_000);
afterAll(async () => {
  setToken(null);
  await server?.close();
});
afterEach(() => {
  cleanup();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <NotificationProvider>
        <DiscountCodesPage />
      </NotificationProvider>
    </MemoryRouter>,
  );

describe('Discount codes screen', () => {
  it('lists the codes with their discount, uses and state, and deactivates one by its named button', async () => {
    pointPageAt(server.url);
    renderPage();
    expect(screen.getByText('Loading discount codes…')).toBeTruthy();
    const row = (await screen.findByRole('row', { name: /WELCOME5/ })) as HTMLElement;
    expect(within(row).getByText('$5.00 off')).toBeTruthy();
    expect(within(row).getByText('0 used')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate WELCOME5' }));
    await screen.findByRole('button', { name: 'Activate WELCOME5' });
    expect(within(row).getByText('Inactive')).toBeTruthy();
    const listed = (await (await fetch(`${server.url}/api/discount-codes/check`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: 'welcome5' }) })).json()) as { error?: string };
    expect(listed.error).toBe('Invalid discount code');
  });

  it('says the server cannot be reached, offers Try again, and creates nothing offline', async () => {
    pointPageAt('http://127.0.0.1:9');
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    renderPage();
    expect(screen.getByRole('button', { name: 'Create code (online only)' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText("You're offline. Discount codes are listed and changed when the server can be reached.")).toBeTruthy();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    window.dispatchEvent(new Event('online'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("You're offline. Discount codes are listed and changed when the server can be reached.")).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
