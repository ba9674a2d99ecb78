/** A customer whose session ended elsewhere is signed out on /account, not left "Signed in as …". */
import { expect, it } from 'vitest';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();

/** A registered customer on /account in a phone's tab, and a way to end their session from elsewhere. */
async function signedInAccountTab(email: string, firstName: string) {
  const register = await fetch(`${e2e.server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'sunset-villa-42', firstName, lastName: 'Ward' }),
  });
  const { token } = (await register.json()) as { token: string };
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) localStorage.setItem('auth_token', value);
    sessionStorage.setItem('seeded', '1');
  }, token);
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/account`);
  await page.getByText('Signed in as').waitFor();
  const endSessionElsewhere = async () => {
    const ended = await fetch(`${e2e.server.url}/api/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(ended.ok).toBe(true);
  };
  return { context, page, endSessionElsewhere };
}

it('signs out cleanly on /account when the session has ended on the server', async () => {
  const { context, page, endSessionElsewhere } = await signedInAccountTab('ended@example.com', 'Eden');
  await endSessionElsewhere();
  await page.getByRole('link', { name: 'Customize' }).click();
  await page.locator('.site-header .account-link').click();

  await page.getByText('Your session has ended. Please sign in again.').waitFor();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await page.getByText('Signed in as').count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  await context.close();
});

it('notices on coming back to an open /account tab that the session ended elsewhere', async () => {
  const { context, page, endSessionElsewhere } = await signedInAccountTab('left-open@example.com', 'Lena');
  await endSessionElsewhere();
  // The shopper switches back to the tab: no navigation, only the window regaining focus.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));

  await page.getByText('Your session has ended. Please sign in again.').waitFor();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await page.getByText('Signed in as').count()).toBe(0);
  await context.close();
});
