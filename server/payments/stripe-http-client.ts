import { Readable } from 'node:stream';
import Stripe from 'stripe';
import { Agent, EnvHttpProxyAgent, errors as undiciErrors, type Dispatcher } from 'undici';
import type { OutboundProxy } from '../config';

/**
 * The `stripe` package's transport on undici (its `httpClient` option, the package's documented way
 * to bring a client) instead of `node:http`. It dispatches through undici's handler interface and
 * gathers the answer's body itself, where `agent.request()` would wrap every answer in a stream for
 * the package to read back into text: Stripe's answers are a few kilobytes of JSON, read whole. Per
 * charge it takes 47-48 µs of the shop's CPU, against 50-55 through `request()` and 74-79 on
 * `node:http`, which also takes three times the system time (`npm run bench -- stripe-client`;
 * docs/decisions/payments.md).
 *
 * What the package's retry logic reads from a failed request is kept: a timeout carries the
 * package's own timeout code, and a connection that closed under the request carries ECONNRESET, so
 * a stale keep-alive connection is retried once as with `node:http`. A body cut off after its head
 * fails reading the body, as on `node:http`, not the request.
 */
class BufferedStripeResponse extends Stripe.HttpClientResponse {
  private readonly chunks: Buffer[] = [];
  private readonly body: Promise<Buffer>;
  private finish!: (body: Buffer) => void;
  private fail!: (error: unknown) => void;

  constructor(statusCode: number, headers: Record<string, string>) {
    super(statusCode, headers);
    this.body = new Promise<Buffer>((resolve, reject) => {
      this.finish = resolve;
      this.fail = reject;
    });
    // A body nobody reads (the package's retry of a 5xx) must not fail unhandled.
    this.body.catch(() => undefined);
  }

  received(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  ended(): void {
    this.finish(this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks));
    this.chunks.length = 0;
  }

  failed(error: unknown): void {
    this.fail(error);
  }

  override getRawResponse(): { statusCode: number; headers: ReturnType<Stripe.HttpClientResponse['getHeaders']> } {
    return { statusCode: this.getStatusCode(), headers: this.getHeaders() };
  }

  override toStream(streamCompleteCallback: () => void): Readable {
    const body = this.body;
    const stream = Readable.from((async function* () {
      yield await body;
    })());
    stream.once('end', streamCompleteCallback);
    return stream;
  }

  override async toJSON(): Promise<unknown> {
    let body: Buffer;
    try {
      body = await this.body;
    } catch (error) {
      throw Stripe.HttpClient.makeResponseBodyError(connectionError(error));
    }
    return this._parseResponseBody(body.toString('utf8'));
  }
}

/** undici's errors in the codes the package's retry logic knows (HttpClient.TIMEOUT_ERROR_CODE, CONNECTION_CLOSED_ERROR_CODES). */
function connectionError(error: unknown): unknown {
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError || error instanceof undiciErrors.ConnectTimeoutError) {
    return Object.assign(Stripe.HttpClient.makeTimeoutError(), { cause: error });
  }
  if (error instanceof undiciErrors.SocketError) return Object.assign(new Error(error.message, { cause: error }), { code: 'ECONNRESET' });
  return error;
}

/** The package gives Content-Length as a number; undici's headers are text. */
function textHeaders(headers: Record<string, string | number | string[]>): Record<string, string | string[]> {
  const text: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name]!;
    text[name] = typeof value === 'number' ? String(value) : value;
  }
  return text;
}

export class UndiciStripeHttpClient extends Stripe.HttpClient {
  private readonly agent: Dispatcher;

  /**
   * With a proxy, each call goes through undici's proxy agent, which tunnels with CONNECT and sends
   * the hosts of `noProxy` direct; without one, a plain agent, so the usual path pays for no look-up.
   */
  constructor(options: { proxy?: OutboundProxy } = {}) {
    super();
    // Given explicitly (config.ts read the environment), never taken from process.env here.
    this.agent = options.proxy ? new EnvHttpProxyAgent({ httpProxy: options.proxy.httpProxy ?? '', httpsProxy: options.proxy.httpsProxy ?? '', noProxy: options.proxy.noProxy ?? '' }) : new Agent();
  }

  override getClientName(): string {
    return 'undici';
  }

  override makeRequest(
    host: string,
    port: string,
    path: string,
    method: string,
    headers: Record<string, string | number | string[]>,
    requestData: string,
    protocol: string,
    timeout: number,
  ): Promise<Stripe.HttpClientResponse> {
    return new Promise((resolve, reject) => {
      let response: BufferedStripeResponse | undefined;
      const handler: Dispatcher.DispatchHandler = {
        // undici takes a handler without onRequestStart for one written to its older interface.
        onRequestStart() {},
        onResponseStart(_controller, statusCode, answerHeaders) {
          // Informational answers (1xx) come before the real one.
          if (statusCode < 200) return;
          response = new BufferedStripeResponse(statusCode, answerHeaders as Record<string, string>);
          resolve(response);
        },
        onResponseData(_controller, chunk) {
          response?.received(chunk);
        },
        onResponseEnd() {
          response?.ended();
        },
        onResponseError(_controller, error) {
          if (response) response.failed(error);
          else reject(connectionError(error));
        },
      };
      this.agent.dispatch(
        {
          origin: `${protocol}://${host}:${port}`,
          path,
          method: method as Dispatcher.HttpMethod,
          headers: textHeaders(headers),
          body: requestData,
          // The package's timeout bounds the wait for the answer's head and each pause in its body.
          headersTimeout: timeout,
          bodyTimeout: timeout,
        },
        handler,
      );
    });
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
