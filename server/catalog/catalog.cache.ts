import type { Middleware } from 'koa';
import { installCatalog, type LiveCatalog } from '../../shared/catalog';
import type { AppContext } from '../app-context';
import { loadCatalog, readCatalogVersion } from './catalog.repository';

/** How stale another process's edit may be here: the version stamp is read at most this often. */
export const CATALOG_CHECK_INTERVAL_MS = 1_000;

/**
 * The live catalogue of this process, in memory: the checkout's validation and pricing, the
 * renderer and the catalogue endpoints read it without a query. Every edit bumps a version row
 * (catalog.repository.ts); at most once a second a request reads that row (one indexed read, not
 * one per checkout) and reloads the catalogue when another process changed it. This process's own
 * edits reload it at once. If the database does not answer, the last catalogue stays.
 */
export interface CatalogCache {
  current(): LiveCatalog;
  /** The catalogue, re-checked against the version stamp when the last check is older than the interval. */
  fresh(): Promise<LiveCatalog>;
  /** Reloads now (after an edit made here). */
  reload(): Promise<LiveCatalog>;
  /** Koa middleware: the catalogue is fresh (and installed for shared/catalog.ts's look-ups) before a route runs. */
  keepFresh: Middleware;
}

export async function startCatalogCache(app: AppContext, clock: () => number = () => performance.now()): Promise<CatalogCache> {
  let catalog = await loadCatalog(app.db);
  let checkedAt = clock();
  let checking: Promise<LiveCatalog> | null = null;
  installCatalog(catalog);

  const reload = async () => {
    const loaded = await loadCatalog(app.db);
    // A slower load of an older version must not replace a newer one.
    if (Number(loaded.version) >= Number(catalog.version)) catalog = loaded;
    checkedAt = clock();
    installCatalog(catalog);
    return catalog;
  };

  const check = async () => {
    try {
      const version = await readCatalogVersion(app.db);
      if (String(version) !== catalog.version) return await reload();
      checkedAt = clock();
    } catch (error) {
      app.logger.warn('catalogue version check failed; serving the last catalogue', { error: String(error) });
    }
    return catalog;
  };

  const fresh = (): Promise<LiveCatalog> => {
    // Several apps in one process (tests) share shared/catalog.ts: this app's catalogue is put back first.
    installCatalog(catalog);
    if (clock() - checkedAt < CATALOG_CHECK_INTERVAL_MS) return Promise.resolve(catalog);
    checking ??= check().finally(() => {
      checking = null;
    });
    return checking;
  };

  return {
    current: () => catalog,
    fresh,
    reload,
    keepFresh: async (_ctx, next) => {
      await fresh();
      return next();
    },
  };
}
