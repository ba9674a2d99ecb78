import type { Context, Next } from 'koa';
import { HttpError } from '../errors/http-error';

declare module 'koa' {
  interface Request {
    body?: unknown;
    rawBody?: Buffer;
  }
}

/**
 * Reads JSON bodies up to `limitBytes`, keeping the raw bytes (webhook signatures are checked
 * on them). Anything else than JSON with a body is refused; nothing is written on bad input.
 */
export function jsonBodyParser(limitBytes: number) {
  return async function parseJsonBody(ctx: Context, next: Next) {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) return next();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > limitBytes) throw payloadTooLarge(limitBytes);

    const raw = await readBody(ctx, limitBytes);
    ctx.request.rawBody = raw;
    if (raw.length === 0) {
      ctx.request.body = {};
      return next();
    }
    if (!ctx.is('application/json', 'application/*+json')) {
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request body must be JSON (Content-Type: application/json).');
    }
    try {
      ctx.request.body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new HttpError(400, 'INVALID_JSON', 'Invalid request. The body is not valid JSON.');
    }
    return next();
  };
}

function payloadTooLarge(limitBytes: number) {
  return new HttpError(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${Math.round(limitBytes / 1024)} KB.`);
}

/**
 * Event listeners rather than `for await`: the async iterator costs more than reading a small body.
 * The listeners are methods of one object, not named closures: the TypeScript loader (tsx, with
 * esbuild's keepNames) gives every named closure its name with Object.defineProperty each time it
 * is made, five times per request here.
 */
function readBody(ctx: Context, limitBytes: number): Promise<Buffer> {
  const request = ctx.req;
  // Nothing left to read (an 'end' already emitted would never come again).
  if (request.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const on = {
      data(chunk: Buffer) {
        size += chunk.length;
        if (size > limitBytes) {
          on.cleanup();
          request.resume();
          reject(payloadTooLarge(limitBytes));
          return;
        }
        chunks.push(chunk);
      },
      end() {
        on.cleanup();
        resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
      },
      error(error: Error) {
        on.cleanup();
        // Node says a client that hung up mid-body with ECONNRESET "aborted": that is the client's
        // doing, not the database's (it was logged as a 503 DB_UNREACHABLE).
        reject((error as NodeJS.ErrnoException).code === 'ECONNRESET' || request.destroyed ? clientAborted() : error);
      },
      // The client went away before the body was complete: nothing to answer, nothing is written.
      close() {
        on.error(clientAborted());
      },
      cleanup() {
        request.off('data', on.data);
        request.off('end', on.end);
        request.off('error', on.error);
        request.off('close', on.close);
      },
    };
    request.on('data', on.data);
    request.on('end', on.end);
    request.on('error', on.error);
    request.on('close', on.close);
  });
}

const clientAborted = () => new HttpError(400, 'REQUEST_ABORTED', 'The request was aborted before its body arrived.');
