import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { eventually } from './backup.test-support';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backups-'));
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function shopWith(env: Record<string, string>) {
  const t = await startTestApp(env);
  apps.push(t);
  const { token } = await createUserWithToken(t, 'admin');
  return { t, backups: async () => (await t.request('GET', '/api/admin/backups', { token })).body.backup };
}

describe('backup health', () => {
  it('the running shop takes its first backup soon after start; the admin and /api/health see it', async () => {
    const backupDir = path.join(dir, 'good');
    const { t, backups } = await shopWith({ BACKUP_DIR: backupDir, BACKUP_INTERVAL_MINUTES: '30' });
    await eventually(async () => (await backups()).status === 'ok', 'the first backup');
    const backup = await backups();
    expect(backup).toMatchObject({ status: 'ok', lastError: null, intervalMinutes: 30, lastGoodAt: expect.any(String) });
    expect(fs.readdirSync(backupDir).filter((name) => name.startsWith('shop-'))).toHaveLength(1);
    const health = await t.request('GET', '/api/health');
    expect(health.body.backup).toEqual({ status: 'ok', lastGoodAt: backup.lastGoodAt });
    const { token } = await createUserWithToken(t, 'customer');
    expect((await t.request('GET', '/api/admin/backups', { token })).status).toBe(403);
  });

  it('a failed attempt is reported with its reason, and the shop stays healthy', async () => {
    const notAFolder = path.join(dir, 'a-file');
    fs.writeFileSync(notAFolder, 'not a folder');
    const { t, backups } = await shopWith({ BACKUP_DIR: path.join(notAFolder, 'backups') });
    await eventually(async () => (await backups()).status === 'failed', 'the failed attempt');
    expect(await backups()).toMatchObject({ status: 'failed', lastGoodAt: null, lastError: expect.stringContaining('ENOTDIR') });
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', backup: { status: 'failed', lastGoodAt: null } });
  });

  it('says so when backups are off', async () => {
    const { t, backups } = await shopWith({});
    expect((await backups()).status).toBe('off');
    expect((await t.request('GET', '/api/health')).body.backup).toEqual({ status: 'off', lastGoodAt: null });
  });
});
