import { useEffect, useSyncExternalStore } from 'react';
import { call } from '../api/client';
import { onReturnToTab } from '../components/return-to-tab';
import {
  installCatalog,
  installedCatalog,
  offeredColors,
  offeredFonts,
  orderableProductTypes,
  type ColorSwatch,
  type LiveCatalog,
  type ProductType,
} from '../../shared/catalog';

export interface Catalog {
  productTypes: readonly ProductType[];
  colors: readonly ColorSwatch[];
  fonts: readonly string[];
  source: 'built-in' | 'api';
}

/** The last catalogue the shop saw, so a shop started offline sells, prices and draws what it last knew. */
const STORED_KEY = 'shop.catalog.v1';
/** A refetch on focus waits this long after the last one (the answer is a 304 when nothing changed). */
const REFETCH_AFTER_MS = 15_000;

function looksLikeCatalog(value: unknown): value is LiveCatalog {
  const candidate = value as Partial<LiveCatalog> | null;
  return (
    !!candidate &&
    typeof candidate.version === 'string' &&
    Array.isArray(candidate.productTypes) &&
    candidate.productTypes.length > 0 &&
    candidate.productTypes.every((type) => Array.isArray(type.variants) && type.variants.some((variant) => variant.active)) &&
    Array.isArray(candidate.colors) &&
    candidate.colors.some((color) => color.active) &&
    Array.isArray(candidate.fonts) &&
    candidate.fonts.some((font) => font.active)
  );
}

function snapshotOf(): Catalog {
  return { productTypes: orderableProductTypes(), colors: offeredColors(), fonts: offeredFonts(), source: installedCatalog() ? 'api' : 'built-in' };
}

function readStored(): LiveCatalog | null {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(STORED_KEY) ?? 'null');
    return looksLikeCatalog(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

// Before the first render: the stored catalogue, else the built-in lists of shared/catalog.ts.
installCatalog(readStored());
let snapshot = snapshotOf();
const listeners = new Set<() => void>();
let inFlight: Promise<Catalog> | null = null;
let fetchedAt = -Infinity;

function adopt(catalog: LiveCatalog): void {
  if (installedCatalog()?.version === catalog.version) return;
  installCatalog(catalog);
  snapshot = snapshotOf();
  try {
    globalThis.localStorage?.setItem(STORED_KEY, JSON.stringify(catalog));
  } catch {
    // A full or blocked storage only costs the offline copy.
  }
  for (const listener of listeners) listener();
}

/**
 * Asks the server for the live catalogue (revalidated by its ETag, so an unchanged one is a 304)
 * and installs it for every look-up of shared/catalog.ts: lists, prices, print areas. On any
 * failure the shop keeps what it has (spec.md §8 "Product data load failure").
 */
export function refreshCatalog(): Promise<Catalog> {
  inFlight ??= call('catalog', undefined, { cache: 'no-cache' })
    .then((catalog) => {
      if (looksLikeCatalog(catalog)) adopt(catalog);
      return snapshot;
    })
    .catch(() => snapshot)
    .finally(() => {
      fetchedAt = Date.now();
      inFlight = null;
    });
  return inFlight;
}

/** The catalogue once this page has asked the server (kept for callers that await one answer). */
export function fetchCatalog(): Promise<Catalog> {
  return fetchedAt === -Infinity ? refreshCatalog() : Promise.resolve(snapshot);
}

function refetchWhenBack(): void {
  if (Date.now() - fetchedAt > REFETCH_AFTER_MS) void refreshCatalog();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live catalogue's lists, re-read when the tab comes back to the front, so an edit reaches an open shop. */
export function useCatalog(): Catalog {
  const catalog = useSyncExternalStore(subscribe, () => snapshot);
  useEffect(() => {
    void fetchCatalog();
    return onReturnToTab(refetchWhenBack);
  }, []);
  return catalog;
}
