import type { Context, Next } from 'koa';
import type { Role, User } from '../../shared/api/types';
import { forbidden, unauthorized } from '../errors/http-error';

declare module 'koa' {
  interface DefaultState {
    /** Set by the authenticate middleware when the bearer token names a live session. */
    user?: User;
    /** SHA-256 of the bearer token of the current session (for logout). */
    sessionTokenHash?: string;
  }
}

export const ADMIN_ROLES: readonly Role[] = ['admin', 'super_admin'];

export function isAdmin(user: User | undefined): boolean {
  return !!user && ADMIN_ROLES.includes(user.role);
}

/** 401 without a valid session. */
export async function requireUser(ctx: Context, next: Next) {
  if (!ctx.state.user) throw unauthorized();
  return next();
}

/** 401 without a valid session, 403 for a signed-in user who is not admin or super_admin. */
export async function requireAdmin(ctx: Context, next: Next) {
  if (!ctx.state.user) throw unauthorized();
  if (!isAdmin(ctx.state.user)) throw forbidden();
  return next();
}

/** 401 without a valid session, 403 unless super_admin: staff and the catalogue (design.md §9). */
export async function requireSuperAdmin(ctx: Context, next: Next) {
  if (!ctx.state.user) throw unauthorized();
  if (ctx.state.user.role !== 'super_admin') throw forbidden();
  return next();
}

export function currentUser(ctx: Context): User {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}
