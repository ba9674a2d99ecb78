import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../api/client';

export type HealthState = 'checking' | 'healthy' | 'unhealthy';
export const MAX_HEALTH_RETRIES = 3;
/** spec.md §9: the app waits about 1 s before showing the shop. */
export const STARTUP_DELAY_MS = 1000;
/** While a cached app runs with the server out of reach, how often it asks again by itself. */
export const HEALTH_PROBE_MS = 5000;

async function isHealthy(timeoutMs = 5000): Promise<boolean> {
  try {
    const body = await call('health', undefined, { timeoutMs, cache: 'no-store' });
    // A page the service worker answers in place of the API parses as nothing.
    return body?.status === 'ok';
  } catch {
    return false;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What is left of the start-up delay: it is the time the branded splash stays up, and index.html
 * paints the splash before any script has arrived. On a slow network the splash has been up for
 * seconds by the time the app runs, so it does not wait once more.
 */
function startupDelayLeft(delayMs: number): number {
  const splashPainted = typeof performance === 'undefined' ? undefined : performance.getEntriesByName('first-paint')[0]?.startTime;
  return splashPainted === undefined ? delayMs : Math.max(0, delayMs - (performance.now() - splashPainted));
}

/**
 * The app is on this device: a service worker controls the page, so the shell, every route's code
 * (and, for the admin, its IndexedDB cache) can run without the server.
 */
export function hasCachedApp(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
}

export interface HealthGateOptions {
  /** Skip the check when the browser already knows it is offline. */
  skipWhenOffline?: boolean;
  /**
   * The app is cached: open it after the start-up delay whatever the check says, and report a
   * server out of reach as `unreachable` (a banner) instead of the full-screen gate.
   */
  openCached?: boolean;
}

/**
 * The API health gate of spec.md §4: checking, healthy, unhealthy. The first check runs alongside
 * the start-up delay. Retry counts up to 3; after that the shopper may continue offline. A cached
 * app never waits on it: it opens at once and keeps asking in the background (docs/decisions.md).
 */
export function useHealthGate(startupDelayMs = STARTUP_DELAY_MS, { skipWhenOffline = false, openCached = false }: HealthGateOptions = {}) {
  const knownOffline = skipWhenOffline && typeof navigator !== 'undefined' && navigator.onLine === false;
  const [state, setState] = useState<HealthState>(knownOffline ? 'healthy' : 'checking');
  const [retries, setRetries] = useState(0);
  const [offline, setOffline] = useState(knownOffline);
  const [unreachable, setUnreachable] = useState(false);
  const started = useRef(knownOffline);

  const check = useCallback(
    async (delayMs: number) => {
      if (openCached) {
        const healthy = isHealthy();
        await wait(delayMs);
        // A transition lets React render the app in small slices instead of one long task.
        startTransition(() => setState('healthy'));
        setUnreachable(!(await healthy));
        return;
      }
      setState('checking');
      const [ok] = await Promise.all([isHealthy(), wait(delayMs)]);
      startTransition(() => setState(ok ? 'healthy' : 'unhealthy'));
    },
    [openCached],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void check(startupDelayLeft(startupDelayMs));
  }, [check, startupDelayMs]);

  const retry = useCallback(() => {
    setRetries((count) => Math.min(count + 1, MAX_HEALTH_RETRIES));
    void check(0);
  }, [check]);

  useEffect(() => {
    // Server out of reach with the browser online ("lie-fi"): keep asking, and drop the banner
    // as soon as it answers, without a tap.
    if (!unreachable) return;
    const probe = () => void isHealthy(HEALTH_PROBE_MS - 500).then((ok) => ok && setUnreachable(false));
    const timer = setInterval(probe, HEALTH_PROBE_MS);
    window.addEventListener('online', probe);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', probe);
    };
  }, [unreachable]);

  useEffect(() => {
    // Back online after an offline start (or offline mode): check again and drop the banner.
    if (!offline) return;
    const recheck = () => void isHealthy().then((ok) => ok && setOffline(false));
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [offline]);

  const continueOffline = useCallback(() => {
    setOffline(true);
    setState('healthy');
  }, []);

  return { state, retries, offline, unreachable, retry, continueOffline, canRetry: retries < MAX_HEALTH_RETRIES };
}
