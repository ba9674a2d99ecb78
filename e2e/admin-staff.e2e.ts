/**
 * The Staff screen on the print room's tablet (1024×768): a super_admin invites a staff member,
 * who accepts the mailed link in a second browser and lands in the admin; deactivating them ends
 * that browser's session at its next request. Mail goes to a real SMTP server in the test.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestSmtpServer, type TestSmtpServer } from '../server/mail/mail.test-support';
import { mailTo, tokenIn } from '../server/staff/staff.test-support';
import { launchChromium } from './support/chromium';
import { startE2eServer, type E2eServer } from './support/server';
import { axeViolations, signIn } from './support/admin';

const TABLET = { width: 1024, height: 768 };
let smtp: TestSmtpServer;
let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startE2eServer({
    ADMIN_EMAIL: 'olive@villaprints.test',
    ADMIN_PASSWORD: 'orchid-lantern-harbour-9',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://shop.example.com',
    MAIL_POLL_MS: '50',
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

it('invites staff, the invitee accepts in another browser, and deactivation signs them out at once', async () => {
  const ownerContext = await browser.newContext({ viewport: TABLET });
  const owner = await ownerContext.newPage();
  await signIn(owner, server.url, '/admin/staff', 'olive@villaprints.test', 'orchid-lantern-harbour-9');
  await owner.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
  await owner.getByRole('heading', { name: 'Staff (1)' }).waitFor();

  // A typo is caught before anything is sent.
  await owner.getByLabel('Email').fill('anna@example');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await owner.getByText('Invalid email format').waitFor();

  await owner.getByLabel('Email').fill('anna@example.com');
  await owner.getByLabel('Role', { exact: true }).selectOption('admin');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await owner.getByRole('button', { name: 'Send again to anna@example.com' }).waitFor();
  expect(await axeViolations(owner)).toEqual([]);

  const link = tokenIn(await mailTo(smtp, 'anna@example.com', 'invited'), '/admin/invite');
  const annaContext = await browser.newContext({ viewport: TABLET });
  const anna = await annaContext.newPage();
  await anna.goto(`${server.url}/admin/invite?token=${link}`);
  await anna.getByRole('heading', { name: 'Join the Villa Prints admin' }).waitFor();
  await anna.getByText('anna@example.com').waitFor();
  expect(await axeViolations(anna)).toEqual([]);
  await anna.getByLabel('First name').fill('Anna');
  await anna.getByLabel('Last name').fill('Baker');
  await anna.getByLabel('Choose a password').fill('password1');
  await anna.getByRole('button', { name: 'Create account and sign in' }).click();
  await anna.getByText(/too common or easy to guess/).waitFor();
  await anna.getByLabel('Choose a password').fill('saffron-kettle-meadow-4');
  await anna.getByRole('button', { name: 'Create account and sign in' }).click();
  await anna.getByRole('heading', { name: 'Overview' }).waitFor();
  await anna.getByText('Anna Baker').waitFor();
  // An admin, not a super_admin: no Staff screen.
  expect(await anna.getByRole('link', { name: 'Staff' }).count()).toBe(0);

  // The link works once.
  const again = await annaContext.newPage();
  await again.goto(`${server.url}/admin/invite?token=${link}`);
  await again.getByText('This invitation has already been accepted. Sign in instead.').waitFor();
  await again.close();

  await owner.reload();
  await owner.getByRole('heading', { name: 'Staff (2)' }).waitFor();
  expect(await owner.getByRole('button', { name: 'Send again to anna@example.com' }).count()).toBe(0);
  // No control to deactivate yourself.
  expect(await owner.getByRole('button', { name: 'Deactivate olive@villaprints.test' }).count()).toBe(0);
  await owner.getByRole('button', { name: 'Deactivate anna@example.com' }).click();
  await owner.getByRole('button', { name: 'Reactivate anna@example.com' }).waitFor();
  await owner.getByText('Deactivated', { exact: true }).waitFor();

  // Her next request is refused: the tablet shows the sign-in, where her password no longer works.
  await anna.reload();
  await anna.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
  expect(new URL(anna.url()).pathname).toBe('/admin/login');
  await anna.getByLabel('Email').fill('anna@example.com');
  await anna.getByLabel('Password').fill('saffron-kettle-meadow-4');
  await anna.getByRole('button', { name: 'Sign in' }).click();
  await anna.getByText('This account has been deactivated. Ask the shop owner to reactivate it.').waitFor();

  // An invitation sent to a mistyped address is withdrawn: its link stops working at once.
  await owner.getByLabel('Email').fill('bert@exampel.com');
  await owner.getByLabel('Role', { exact: true }).selectOption('super_admin');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await owner.getByRole('button', { name: 'Withdraw the invitation to bert@exampel.com' }).click();
  await owner.getByText('The invitation to bert@exampel.com was withdrawn: its link no longer works').waitFor();
  await owner.getByRole('region', { name: /Invitations/ }).waitFor({ state: 'detached' });
  const withdrawn = tokenIn(await mailTo(smtp, 'bert@exampel.com', 'invited'), '/admin/invite');
  await anna.goto(`${server.url}/admin/invite?token=${withdrawn}`);
  await anna.getByText('This invitation link is not valid. Ask the shop owner for a new invitation.').waitFor();

  await ownerContext.close();
  await annaContext.close();
});
