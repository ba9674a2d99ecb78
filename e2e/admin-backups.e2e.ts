/**
 * The Overview's backup line in real Chromium against the real server taking its own backups:
 * the last good backup's time, a failed attempt's warning with its reason, the stored line offline
 * with its time, and no axe violation. SCREENSHOT_DIR=<folder> also saves the line at the three
 * sizes of the guide.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, controlledByServiceWorker, signIn as signInAs } from './support/admin';
import { useServerAndBrowser } from './support/harness';

const ADMIN_EMAIL = 'print-room@villaprints.test';
const ADMIN_PASSWORD = 'correct-horse-battery';
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-backups-'));
afterAll(() => fs.rmSync(backupDir, { recursive: true, force: true }));

const e2e = useServerAndBrowser({ ADMIN_EMAIL, ADMIN_PASSWORD, BACKUP_DIR: backupDir });
const signIn = (page: Page) => signInAs(page, e2e.server.url, '/admin', ADMIN_EMAIL, ADMIN_PASSWORD);
const line = (page: Page) => page.locator('[data-backup-status]');

async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const [width, height] of [[390, 844], [1024, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(dir, `${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

async function firstBackup(): Promise<void> {
  const { db } = e2e.server.app.context;
  const until = Date.now() + 20_000;
  while (!(await db.selectFrom('backup_runs').select('id').where('ok', '=', 1).executeTakeFirst())) {
    if (Date.now() > until) throw new Error('no backup within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('shows the last good backup, warns of a failed one with its reason, and keeps the line offline', async () => {
  await firstBackup();
  const context = await e2e.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signIn(page);
  await line(page).and(page.locator('[data-backup-status="ok"]')).waitFor();
  expect(await line(page).textContent()).toMatch(/^✓Backups: Last good backup .+\.$/);
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'overview-backup-ok');

  // The next attempt fails (a full disk): the line turns into a warning that says why.
  await e2e.server.app.context.db
    .insertInto('backup_runs')
    .values({ started_at: Date.now() - 2_000, finished_at: Date.now(), ok: 0, file: null, size_bytes: null, error: 'ENOSPC: no space left on device, write', trigger: 'schedule' })
    .execute();
  await controlledByServiceWorker(page);
  await page.reload();
  await page.locator('[data-backup-status="failed"]').waitFor();
  expect(await line(page).textContent()).toContain('The last backup failed');
  expect(await line(page).textContent()).toContain('ENOSPC: no space left on device, write. Last good backup');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'overview-backup-failed');

  await context.setOffline(true);
  await page.reload();
  await page.getByText('Offline', { exact: true }).waitFor();
  await page.locator('[data-backup-status="failed"]', { hasText: '(as of' }).waitFor();
  await screenshots(page, 'overview-backup-offline');
  await context.close();
});
