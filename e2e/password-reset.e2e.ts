/**
 * A customer who forgot their password (design.md §9): "Forgot password?" on the sign-in, a mail
 * through a real SMTP server, the link sets a new password and signs in, once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestSmtpServer, type TestSmtpServer } from '../server/mail/mail.test-support';
import { mailTo, tokenIn } from '../server/staff/staff.test-support';
import { launchChromium } from './support/chromium';
import { startE2eServer, type E2eServer } from './support/server';
import { axeViolations } from './support/axe';

let smtp: TestSmtpServer;
let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startE2eServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example.com', MAIL_POLL_MS: '50' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

it('sends a reset link from the sign-in form; the link sets a new password and signs in exactly once', async () => {
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'maya@example.com', password: 'old-tangerine-scooter-3', firstName: 'Maya', lastName: 'Fan' }),
  });
  expect(registered.status).toBe(201);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/account`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill('maya@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

  const token = tokenIn(await mailTo(smtp, 'maya@example.com', 'Reset your'), '/reset-password');
  await page.goto(`${server.url}/reset-password?token=${token}`);
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await page.getByText('Password must be at least 8 characters').waitFor();
  await page.getByLabel('New password', { exact: true }).fill('new-marigold-canoe-8');
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await page.waitForURL(/\/account$/);
  await page.getByText('maya@example.com').waitFor();

  await page.goto(`${server.url}/reset-password?token=${token}`);
  await page.getByLabel('New password', { exact: true }).fill('another-quiet-harbor-5');
  await page.getByRole('button', { name: 'Save password and sign in' }).click();
  await page.getByText('This password reset link has already been used. Request a new one.').waitFor();
  await page.getByRole('link', { name: 'Request a new link' }).waitFor();

  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'maya@example.com', password: 'new-marigold-canoe-8' }),
  });
  expect(login.status).toBe(200);
  await context.close();
});
