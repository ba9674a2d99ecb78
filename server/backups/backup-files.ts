import fs from 'node:fs/promises';
import path from 'node:path';
import type { BackupConfig } from '../config/backup.config';

/** `shop-2026-12-06T10-00-00-123Z.db` (SQLite) or `.dump` (pg_dump's custom format): sorts by time. */
const NAME = /^shop-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.(db|dump)$/;
/** Where a backup is written before it is verified and renamed (a dot: never listed as a backup). */
const TEMPORARY = /^\.shop-.*\.tmp-\d+$/;
/** Mail files go beside the backups, one copy each: a mail file never changes once written. */
export const MAIL_COPIES = 'mail';

export function backupFileName(kind: 'sqlite' | 'postgres', at: number): string {
  const stamp = new Date(at).toISOString().replace(/:/g, '-').replace('.', '-');
  return `shop-${stamp}.${kind === 'sqlite' ? 'db' : 'dump'}`;
}

export function temporaryNameOf(name: string): string {
  return `.${name}.tmp-${process.pid}`;
}

export interface BackupFile {
  name: string;
  takenAt: number;
  /** UTC day, for the daily part of the rotation. */
  day: string;
}

export function parseBackupName(name: string): BackupFile | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis] = match;
  return { name, takenAt: Date.parse(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`), day: day! };
}

/** The backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names
    .map(parseBackupName)
    .filter((file): file is BackupFile => file !== null)
    .sort((a, b) => b.takenAt - a.takenAt);
}

/**
 * Which backups the rotation keeps: the newest `keepHourly`, and the newest of each of the
 * `keepDaily` newest days that have one. Pure, so the rule is tested without files.
 */
export function backupsToKeep(files: BackupFile[], rule: Pick<BackupConfig, 'keepHourly' | 'keepDaily'>): Set<string> {
  const keep = new Set(files.slice(0, rule.keepHourly).map((file) => file.name));
  const days = new Set<string>();
  for (const file of files) {
    if (days.has(file.day)) continue;
    if (days.size >= rule.keepDaily) break;
    days.add(file.day);
    keep.add(file.name);
  }
  return keep;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the backups the rotation does not keep, and temporary files a crashed backup left a day ago. */
export async function rotateBackups(dir: string, rule: Pick<BackupConfig, 'keepHourly' | 'keepDaily'>, now: number): Promise<string[]> {
  const files = await listBackups(dir);
  const keep = backupsToKeep(files, rule);
  const removed = files.filter((file) => !keep.has(file.name)).map((file) => file.name);
  for (const name of removed) await fs.rm(path.join(dir, name), { force: true });
  for (const name of await fs.readdir(dir)) {
    if (!TEMPORARY.test(name)) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat && now - stat.mtimeMs > DAY_MS) await fs.rm(path.join(dir, name), { force: true });
  }
  return removed;
}

/**
 * Copies every mail file of `from` that `to` lacks (by name: a mail's file name is fixed per mail,
 * and a retry writes the same mail again). Each copy is written aside and renamed, so a copy is
 * whole or absent. Returns how many were copied.
 */
export async function copyMissingMailFiles(from: string, to: string): Promise<number> {
  const names = (await fs.readdir(from).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  if (names.length === 0) return 0;
  await fs.mkdir(to, { recursive: true });
  const present = new Set(await fs.readdir(to));
  let copied = 0;
  for (const name of names) {
    if (present.has(name)) continue;
    const temporary = path.join(to, `.${name}.tmp-${process.pid}`);
    await fs.copyFile(path.join(from, name), temporary);
    await fs.rename(temporary, path.join(to, name));
    copied++;
  }
  return copied;
}
