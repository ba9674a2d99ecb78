import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { queryClient } from '../api/query-client';

// The suite runs its projects side by side on two cores: a screen that appears in 50 ms alone can
// take over a second then. findBy* waits up to 5 s (a bound on waiting, not a timing assertion).
configure({ asyncUtilTimeout: 5_000 });

// The dom project's files share one module graph per worker (isolate: false), so whoever a file
// signed in would still be signed in for the next file the worker runs: every file ends signed out.
// Files in Node's environment (no localStorage) never sign in.
afterAll(async () => {
  if (typeof localStorage === 'undefined') return;
  const { authStore } = await import('../auth/auth-store');
  authStore.signOutLocally();
});

// The same shared module graph holds the remote-data cache: each test starts with none, as a page
// opened afresh does.
afterEach(() => queryClient.clear());
