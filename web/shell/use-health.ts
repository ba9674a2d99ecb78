import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../api/client';

export type HealthState = 'checking' | 'healthy' | 'unhealthy';
export const MAX_HEALTH_RETRIES = 3;
/** spec.md §9: the app waits about 1 s before showing the shop. */
export const STARTUP_DELAY_MS = 1000;

async function isHealthy(): Promise<boolean> {
  try {
    const body = await call('health', undefined, { timeoutMs: 5000 });
    // A page the service worker answers in place of the API parses as nothing.
    return body?.status === 'ok';
  } catch {
    return false;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The API health gate of spec.md §4: checking, healthy, unhealthy. The first check runs alongside
 * the start-up delay. Retry counts up to 3; after that the shopper may continue offline.
 */
export function useHealthGate(startupDelayMs = STARTUP_DELAY_MS, skipWhenOffline = false) {
  // The admin works from its local cache: when the browser already knows it is offline there is
  // nothing to check, and the print room should not have to click through three Retries.
  const knownOffline = skipWhenOffline && typeof navigator !== 'undefined' && navigator.onLine === false;
  const [state, setState] = useState<HealthState>(knownOffline ? 'healthy' : 'checking');
  const [retries, setRetries] = useState(0);
  const [offline, setOffline] = useState(knownOffline);
  const started = useRef(knownOffline);

  const check = useCallback(async (delayMs: number) => {
    setState('checking');
    const [ok] = await Promise.all([isHealthy(), wait(delayMs)]);
    // A transition lets React render the shop in small slices instead of one long task.
    startTransition(() => setState(ok ? 'healthy' : 'unhealthy'));
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void check(startupDelayMs);
  }, [check, startupDelayMs]);

  const retry = useCallback(() => {
    setRetries((count) => Math.min(count + 1, MAX_HEALTH_RETRIES));
    void check(0);
  }, [check]);

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

  return { state, retries, offline, retry, continueOffline, canRetry: retries < MAX_HEALTH_RETRIES };
}
