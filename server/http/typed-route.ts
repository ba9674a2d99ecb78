import type { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { RouterContext, RouterMiddleware } from '@koa/router';
import { API_ROUTES, routerPath, type ApiRouteName, type ApiRoutes, type ParsedRequestOf, type PathParamsOf, type ResponseOf } from '../../shared/api/routes';
import { queryOf } from './query';
import { validate } from './validate';

/**
 * Every API route registers through its entry of the shared route map (shared/api/routes.ts):
 * the method and path come from the entry, the body (POST, PATCH) or query (GET) is parsed with
 * the entry's schema, and the handler must answer the entry's response type, so `npm run
 * typecheck` fails when a handler's answer and the client's expectation part ways
 * (typed-route.type-test.ts shows it).
 */

/** What a download's handler answers: the bytes, or a stream of them. */
export type FileBody = string | Buffer | Uint8Array | Readable;

/** The body a route's handler answers: the entry's JSON type, or the bytes of a download. */
export type ServerAnswerOf<Name extends ApiRouteName> = ApiRoutes[Name]['response'] extends { kind: 'file' } ? FileBody : ResponseOf<Name>;

const REPLY = Symbol('reply');

/** An answer with a status of its own (201, 202) and the entry's body. */
export interface Reply<Body> {
  readonly [REPLY]: 'reply';
  readonly status: number;
  readonly body: Body;
}

/** design.md §3's error body: `{error, code}` and whatever the endpoint adds (`success:false`, …). */
export interface ErrorBody {
  error: string;
  code: string;
}

/** A failure given as an answer rather than thrown: a stored answer replayed for its Idempotency-Key. */
export interface FailureReply {
  readonly [REPLY]: 'failure';
  readonly status: number;
  readonly body: ErrorBody;
}

export function reply<Body>(status: number, body: Body): Reply<Body> {
  return { [REPLY]: 'reply', status, body };
}

export function failureReply(status: number, body: ErrorBody): FailureReply {
  return { [REPLY]: 'failure', status, body };
}

declare const JSON_OF: unique symbol;

/** A body serialised once ahead of time (the catalogue), still typed as what it holds. */
export type JsonText<Body> = string & { readonly [JSON_OF]?: Body };

/** Serialises a body that never changes once, for a handler that answers it many times (its handler sets ctx.type). */
export function jsonText<Body>(body: Body): JsonText<Body> {
  return JSON.stringify(body) as JsonText<Body>;
}

export type HandlerAnswer<Name extends ApiRouteName> = ServerAnswerOf<Name> | Reply<ServerAnswerOf<Name>> | FailureReply | JsonText<ServerAnswerOf<Name>>;

export type RouteHandler<Name extends ApiRouteName> = (
  ctx: RouterContext,
  input: ParsedRequestOf<Name>,
  params: PathParamsOf<Name>,
) => HandlerAnswer<Name> | Promise<HandlerAnswer<Name>>;

export interface RouteOptions {
  /** Run before the request is parsed: guards, rate limits, anything whose refusal comes first. */
  before?: RouterMiddleware[];
  /** What the schema parses (default: the JSON body of a POST or PATCH, the query of a GET with a repeated key's last value). */
  read?: (ctx: RouterContext) => unknown;
  /** The status and code of a request the schema refuses (default: 422 VALIDATION_ERROR). */
  invalid?: (raw: unknown) => { status: number; code: string };
}

function isReply(value: unknown): value is Reply<unknown> | FailureReply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

function defaultRead(name: ApiRouteName, ctx: RouterContext): unknown {
  return API_ROUTES[name].method === 'GET' ? queryOf(ctx) : ctx.request.body;
}

/** Registers the route `name` on `router` (mounted at /api), as its entry of the route map says. */
export function route<Name extends ApiRouteName>(router: Router, name: Name, handler: RouteHandler<Name>): void;
export function route<Name extends ApiRouteName>(router: Router, name: Name, options: RouteOptions, handler: RouteHandler<Name>): void;
export function route<Name extends ApiRouteName>(router: Router, name: Name, ...args: [RouteHandler<Name>] | [RouteOptions, RouteHandler<Name>]): void {
  const [options, handler] = args.length === 1 ? [{} as RouteOptions, args[0]] : args;
  const entry = API_ROUTES[name] as { method: string; body?: unknown; query?: unknown };
  const schema = (entry.body ?? entry.query) as Parameters<typeof validate>[0] | undefined;
  const answer: RouterMiddleware = async (ctx) => {
    let input: unknown;
    if (schema) {
      const raw = options.read ? options.read(ctx) : defaultRead(name, ctx);
      input = validate(schema, raw, options.invalid?.(raw));
    }
    const result = await handler(ctx, input as ParsedRequestOf<Name>, ctx.params as PathParamsOf<Name>);
    if (isReply(result)) {
      ctx.status = result.status;
      ctx.body = result.body;
    } else {
      ctx.body = result;
    }
  };
  const path = routerPath(name);
  const middleware = [...(options.before ?? []), answer];
  switch (entry.method) {
    case 'GET':
      router.get(path, ...middleware);
      break;
    case 'POST':
      router.post(path, ...middleware);
      break;
    case 'PATCH':
      router.patch(path, ...middleware);
      break;
    default:
      throw new Error(`route ${name}: no registration for method ${entry.method}`);
  }
}
