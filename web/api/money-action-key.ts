import { ApiError } from './client';

/**
 * Idempotency keys for admin actions that move money (a refund). A key is made for an action the
 * first time it is sent and kept, in this tab's session storage, until the server gives a definite
 * answer: a retry after a timeout, a lost connection or a 5xx sends the same key, so the server
 * answers the first refund instead of making a second one.
 */
const STORAGE_KEY = 'money-action-keys';

function readKeys(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

function writeKeys(keys: Record<string, string>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Storage refused (private mode, quota): the key still holds for this page through `memory`.
  }
}

const memory: Record<string, string> = {};

/** The key of `action` (e.g. `refund:pi_…:5.00`): the one already in use, or a new one kept until settled. */
export function moneyActionKey(action: string): string {
  const keys = { ...readKeys(), ...memory };
  const key = keys[action] ?? `${action.split(':')[0]}-${crypto.randomUUID()}`;
  memory[action] = key;
  writeKeys({ ...keys, [action]: key });
  return key;
}

/** Whether an outcome is definite: a success, or a refusal the server gave (not a timeout, network loss or 5xx). */
export function isDefiniteOutcome(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** Forgets `action`'s key once its outcome is definite: the next action is a new one. */
export function settleMoneyAction(action: string): void {
  delete memory[action];
  const keys = readKeys();
  delete keys[action];
  writeKeys(keys);
}
