import { describe, expect, it } from 'vitest';
import { orderRecordMetadata, orderRecordOf } from '../payments/order-metadata';
import { backupFileName, backupsToKeep, parseBackupName, type BackupFile } from './backup-files';
import { backupHealthOf } from './backup-health';
import { nextBackupDue } from './backup.scheduler';
import type { BackupRunRow } from './backup.table';

const HOUR = 60 * 60_000;
const start = Date.parse('2026-12-01T00:30:00.000Z');
const config = { dir: '/backups', intervalMinutes: 60, keepHourly: 48, keepDaily: 14 };
const run = (at: number, ok: boolean): BackupRunRow => ({ id: 1, started_at: at - 1000, finished_at: at, ok: ok ? 1 : 0, file: ok ? 'f' : null, size_bytes: null, error: ok ? null : 'disk full', trigger: 'schedule' });

describe('the backup rotation', () => {
  it('names files by their time and reads the time back', () => {
    const name = backupFileName('sqlite', start);
    expect(name).toBe('shop-2026-12-01T00-30-00-000Z.db');
    expect(parseBackupName(name)).toEqual({ name, takenAt: start, day: '2026-12-01' });
    expect(parseBackupName(backupFileName('postgres', start))?.takenAt).toBe(start);
    expect(parseBackupName('shop.db')).toBeNull();
  });

  it('keeps the newest 48 and the newest of each of the 14 newest days', () => {
    // Hourly backups over 30 days, newest first.
    const files: BackupFile[] = Array.from({ length: 30 * 24 }, (_, i) => parseBackupName(backupFileName('sqlite', start + (30 * 24 - 1 - i) * HOUR))!);
    const keep = backupsToKeep(files, config);
    const kept = files.filter((file) => keep.has(file.name));
    expect(kept.slice(0, 48)).toEqual(files.slice(0, 48));
    const days = new Set(kept.map((file) => file.day));
    expect(days.size).toBe(14);
    // Beyond the hourly ones, exactly one a day: that day's last.
    expect(kept.slice(48).every((file) => file.name.includes('T23-30'))).toBe(true);
    expect(kept).toHaveLength(48 + 12);
  });
});

describe('backup health and the schedule', () => {
  const now = start + 10 * HOUR;
  it('is ok within two intervals, stale after, failed when the last attempt failed, off without BACKUP_DIR', () => {
    expect(backupHealthOf(config, { lastGood: run(now - 1.5 * HOUR, true), lastAttempt: run(now - 1.5 * HOUR, true) }, now).status).toBe('ok');
    expect(backupHealthOf(config, { lastGood: run(now - 2.5 * HOUR, true), lastAttempt: run(now - 2.5 * HOUR, true) }, now).status).toBe('stale');
    const failed = backupHealthOf(config, { lastGood: run(now - HOUR, true), lastAttempt: run(now - 60_000, false) }, now);
    expect(failed).toMatchObject({ status: 'failed', lastError: 'disk full', lastGoodAt: new Date(now - HOUR).toISOString() });
    expect(backupHealthOf(config, { lastGood: undefined, lastAttempt: undefined }, now).status).toBe('none');
    expect(backupHealthOf({ ...config, dir: null }, { lastGood: undefined, lastAttempt: undefined }, now).status).toBe('off');
  });

  it('is due an interval after the last good one, five minutes after a failure, at once before the first', () => {
    expect(nextBackupDue({ lastGood: run(now, true), lastAttempt: run(now, true) }, HOUR)).toBe(now - 1000 + HOUR);
    expect(nextBackupDue({ lastGood: run(now - HOUR, true), lastAttempt: run(now, false) }, HOUR)).toBe(now + 5 * 60_000);
    expect(nextBackupDue({ lastGood: undefined, lastAttempt: undefined }, HOUR)).toBe(0);
  });
});

describe('the order record in a charge\'s metadata', () => {
  const snapshot = { customer: { email: 'maya@example.com' }, items: [{ text: 'Bombshell ✨', quantity: 2 }], totals: { total: 1291 } };
  const metadataOf = (snap: object) => orderRecordMetadata({ snapshotJson: JSON.stringify(snap), idempotencyKey: 'checkout:k1', requestHash: 'h' });

  it('round-trips in values of at most 500 characters, a character never cut in two', () => {
    const metadata = metadataOf(snapshot);
    expect(orderRecordOf({ shop_intent: 'shop_pi_1', ...metadata })).toEqual({ snapshot, idempotencyKey: 'checkout:k1', requestHash: 'h' });
    // Emoji (two UTF-16 units each) across the 500-character cuts.
    const emoji = { ...snapshot, items: [{ text: '💖'.repeat(700), quantity: 1 }] };
    const cut = metadataOf(emoji);
    expect(Object.values(cut).every((value) => value.length <= 500 && !/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(value))).toBe(true);
    expect(orderRecordOf(cut)?.snapshot).toEqual(emoji);
    expect(orderRecordOf({ customer_email: 'maya@example.com' })).toBeNull();
  });

  it('deflates a long cart, leaves out one past Stripe\'s 50 keys, and reads a damaged one as none', () => {
    const long = { ...snapshot, items: Array.from({ length: 100 }, (_, i) => ({ text: `Bombshell ${i} `.repeat(12), color: 'Hot Pink', font: 'Pecita', placementGuide: 'Centred on the back, 12 mm above the camera', quantity: 1 })) };
    const deflated = metadataOf(long);
    expect(deflated.shop_order_0!.startsWith('{')).toBe(false);
    expect(orderRecordOf(deflated)?.snapshot).toEqual(long);
    const random = (n: number) => Array.from({ length: n }, () => Math.random().toString(36).slice(2)).join('');
    expect(metadataOf({ ...snapshot, items: [{ text: random(3000) }] })).toEqual({});
    const metadata = metadataOf(snapshot);
    expect(orderRecordOf({ ...metadata, shop_order_0: metadata.shop_order_0!.slice(0, -8) })).toBeNull();
  });
});
