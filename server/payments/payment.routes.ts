import Router from '@koa/router';
import type { AppContext } from '../app-context';

// SKELETON: replaced by the payments implementation (issue 3).
export function createPaymentRoutes(_app: AppContext): Router {
  return new Router();
}

/** Start-up reconciliation of paid intents without an order (issue 3). */
export async function runPaymentStartupTasks(_app: AppContext): Promise<void> {}
