import { afterEach, describe, expect, it } from 'vitest';
import { isShellNavigation, PRODUCT_LIST_PATHS } from './constants';
import { isStaleChunkError, reloadOnceForStaleChunk } from './chunk-reload';
import { getUpdateState, setUpdateState, subscribeUpdateState } from './update-store';

describe('which navigations the service worker answers with the app shell', () => {
  it('answers app routes', () => {
    for (const path of ['/', '/customize', '/gallery', '/faq', '/how-it-works', '/checkout', '/admin', '/admin/orders', '/some/unknown/route']) {
      expect(isShellNavigation(path), path).toBe(true);
    }
  });

  it('never answers the API, the Stripe webhook or files', () => {
    for (const path of ['/api', '/api/', '/api/nope', '/api/health', '/api/payments/webhook', '/sw.js', '/manifest.webmanifest', '/icons/icon-192.png', '/robots.txt']) {
      expect(isShellNavigation(path), path).toBe(false);
    }
  });

  it('caches exactly the three public product lists', () => {
    expect(PRODUCT_LIST_PATHS).toEqual(['/api/products/devices', '/api/products/colors', '/api/products/fonts']);
  });
});

describe('reload once when a lazy route chunk of an old build is gone', () => {
  afterEach(() => sessionStorage.clear());

  it('recognises the browsers’ failed dynamic import errors, and nothing else', () => {
    expect(isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/FaqPage-abc.js'))).toBe(true);
    expect(isStaleChunkError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads on the first failure and not again within 30 s (no reload loop)', () => {
    let reloads = 0;
    const error = new TypeError('Failed to fetch dynamically imported module');
    expect(reloadOnceForStaleChunk(error, sessionStorage, () => reloads++)).toBe(true);
    expect(reloadOnceForStaleChunk(error, sessionStorage, () => reloads++)).toBe(false);
    expect(reloads).toBe(1);
  });

  it('does not reload for other errors', () => {
    let reloads = 0;
    expect(reloadOnceForStaleChunk(new Error('boom'), sessionStorage, () => reloads++)).toBe(false);
    expect(reloads).toBe(0);
  });
});

describe('update prompt state', () => {
  it('notifies subscribers when a new version waits', () => {
    let calls = 0;
    const unsubscribe = subscribeUpdateState(() => calls++);
    const apply = () => undefined;
    setUpdateState({ needRefresh: true, applyUpdate: apply });
    expect(getUpdateState()).toEqual({ needRefresh: true, applyUpdate: apply });
    expect(calls).toBe(1);
    unsubscribe();
    setUpdateState({ needRefresh: false, applyUpdate: null });
    expect(calls).toBe(1);
  });
});
