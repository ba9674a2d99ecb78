import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createTestOrder } from '../orders/order.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { readOrders } from './backup.test-support';
import { takeBackup } from './backup.service';
import { restoreBackup, RestoreRefusedError } from './restore';

let t: TestApp;
let backupDir: string;
let backupFile: string;
beforeAll(async () => {
  t = await startTestApp({ BACKUP_INTERVAL_MINUTES: '10080' });
  backupDir = fs.mkdtempSync(`${t.dbPath}-backups-`);
  await createTestOrder(t.app.context.db);
  backupFile = (await takeBackup({ ...t.app.context, config: { ...t.app.context.config, backup: { ...t.app.context.config.backup, dir: backupDir } } }, 'command')).file;
  await createTestOrder(t.app.context.db);
});
afterAll(async () => {
  await t.close().catch(() => undefined);
  fs.rmSync(path.dirname(t.dbPath), { recursive: true, force: true });
  fs.rmSync(backupDir, { recursive: true, force: true });
});

const configOf = () => loadConfig({ DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' });

describe('npm run restore refuses', () => {
  it('while a shop runs on the database', async () => {
    await expect(restoreBackup(configOf(), backupFile, Date.now())).rejects.toThrow(new RestoreRefusedError(`A shop is running on ${t.dbPath}. Stop every process of the shop, then restore again.`));
  });

  it('a damaged or foreign file, changing nothing; then restores the good one with the replaced database kept aside', async () => {
    await t.app.close();
    const before = await readOrders(t.databaseUrl);
    const damaged = `${backupFile}.damaged.db`;
    const bytes = fs.readFileSync(backupFile);
    fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(restoreBackup(configOf(), damaged, Date.now())).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(configOf(), `${backupDir}/shop-2026-01-01T00-00-00-000Z.dump`, Date.now())).rejects.toThrow('No backup file at');
    fs.writeFileSync(`${backupDir}/other.dump`, 'PGDMP');
    await expect(restoreBackup(configOf(), `${backupDir}/other.dump`, Date.now())).rejects.toThrow('is a PostgreSQL dump');
    expect(await readOrders(t.databaseUrl)).toEqual(before);

    const restored = await restoreBackup(configOf(), backupFile, Date.now());
    expect(restored).toMatchObject({ orders: 1, movedAside: [expect.stringContaining(`${t.dbPath}.before-restore-`)] });
    expect((await readOrders(t.databaseUrl)).orders).toEqual(before.orders.slice(0, 1));
    expect((await readOrders(`sqlite:${restored.movedAside[0]}`)).orders).toEqual(before.orders);
  });
});
