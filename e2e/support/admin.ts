/** Shared steps of the admin browser tests: sign in, wait for the service worker, look for axe violations. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export async function signIn(page: Page, baseUrl: string, path_: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}${path_}`);
  await page.waitForURL(/\/admin\/login$/);
  const submit = page.getByRole('button', { name: 'Sign in' });
  await page.getByLabel('Email').fill(email);
  expect(await submit.isDisabled()).toBe(true);
  await page.getByLabel('Password').fill(password);
  await submit.click();
  await page.waitForURL((url) => url.pathname === path_);
}

/** Waits for the service worker to control the page; without it an offline reload cannot load. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  const registered = await page.evaluate(async () => {
    const ready = navigator.serviceWorker.ready.then(() => true);
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000));
    return Promise.race([ready, timeout]);
  });
  if (!registered) throw new Error('No service worker registered within 15 s: reloading offline needs it (web/pwa startPwa() wired in web/main.tsx).');
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await page.getByRole('region', { name: 'Sync status' }).waitFor();
  }
}

export { axeViolations } from './axe';

/** Every message shown in the notification area since this was called, in order (toasts come and go). */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof HTMLElement && node.classList.contains('toast')) seen.push(node.textContent ?? '');
    });
    document.querySelectorAll('.toasts').forEach((region) => observer.observe(region, { childList: true }));
  });
  return () => page.evaluate(() => [...(window as unknown as { __toasts: string[] }).__toasts]);
}
