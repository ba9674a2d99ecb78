import type { Migration } from 'kysely';
import * as core from './2026-11-21T1000_core';

/**
 * Every migration, by timestamped name. Kysely runs them in name order and records what ran.
 * A domain adds its own file here (e.g. payments); names must sort after the ones before.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T1000_core': core,
};
