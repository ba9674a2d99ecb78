import Router from '@koa/router';
import type { AppContext } from '../app-context';

// SKELETON: replaced by the domain's implementation.
export function createOrderRoutes(_app: AppContext): Router {
  return new Router();
}
