import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { AppContext } from '../app-context';
import { currentUser, requireSuperAdmin } from '../http/auth.guards';
import { notFound } from '../errors/http-error';
import { reply, route } from '../http/typed-route';
import { STAFF_MESSAGES } from '../../shared/schemas/staff';
import { acceptInvite, changeStaff, inviteStaff, listStaff, lookupInvite, withdrawInvite } from './staff.service';

/** Staff: managed by super_admins only; the invitee's two calls need the link's token. */
export function createStaffRoutes(app: AppContext): Router {
  const router = new Router();

  route(router, 'staffList', { before: [noStore, requireSuperAdmin] }, () => listStaff(app));

  route(router, 'staffInvite', { before: [requireSuperAdmin] }, async (ctx, input) => reply(201, { invite: await inviteStaff(app, currentUser(ctx), input) }));

  route(router, 'staffInviteWithdraw', { before: [requireSuperAdmin] }, async (ctx, { email }) => ({ withdrawn: await withdrawInvite(app, currentUser(ctx), email) }));

  route(router, 'staffChange', { before: [requireSuperAdmin] }, async (ctx, change, params) => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound(STAFF_MESSAGES.staffNotFound);
    return { member: await changeStaff(app, currentUser(ctx), id, change) };
  });

  route(router, 'inviteLookup', { before: [noStore] }, (_ctx, { token }) => lookupInvite(app, token));

  route(router, 'inviteAccept', { before: [noStore] }, async (ctx, input) => reply(201, await acceptInvite(app, input, ctx.ip)));

  return router;
}

async function noStore(ctx: Context, next: Next) {
  ctx.set('Cache-Control', 'no-store');
  return next();
}
