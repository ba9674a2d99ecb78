import type { AppContext } from '../app-context';

// SKELETON: creates the first super_admin from ADMIN_EMAIL/ADMIN_PASSWORD when none exists.
export async function ensureBootstrapAdmin(_app: AppContext): Promise<void> {}
