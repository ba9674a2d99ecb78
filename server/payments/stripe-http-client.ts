import Stripe from 'stripe';
import { Agent, errors as undiciErrors, type Dispatcher } from 'undici';

/**
 * The `stripe` package's transport on undici (its `httpClient` option, the package's documented way
 * to bring a client) instead of `node:http`: per charge it takes 43-49 µs of the shop's CPU where
 * `node:http` takes 68-72 µs, and a third of the system time, side by side against the stand-in in
 * one run (`npm run bench -- stripe-client`; docs/benchmarks/scale.md, session 10).
 *
 * What the package's retry logic reads from a failed request is kept: a timeout carries the
 * package's own timeout code, and a connection that closed under the request carries ECONNRESET, so
 * a stale keep-alive connection is retried once as with `node:http`.
 */
class UndiciResponse extends Stripe.HttpClientResponse {
  constructor(private readonly answer: Dispatcher.ResponseData) {
    super(answer.statusCode, answer.headers as Record<string, string>);
  }

  override getRawResponse(): Dispatcher.ResponseData {
    return this.answer;
  }

  override toStream(streamCompleteCallback: () => void): Dispatcher.ResponseData['body'] {
    this.answer.body.once('end', streamCompleteCallback);
    return this.answer.body;
  }

  override async toJSON(): Promise<unknown> {
    let text: string;
    try {
      text = await this.answer.body.text();
    } catch (error) {
      throw Stripe.HttpClient.makeResponseBodyError(connectionError(error));
    }
    return this._parseResponseBody(text);
  }

  /**
   * Called by the package before it retries: the unread body is read off rather than left holding
   * its connection. (undici frees a connection once a small answer has arrived whole, read or not.)
   */
  dispose(): void {
    this.answer.body.dump().catch(() => undefined);
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
  private readonly agent = new Agent();

  override getClientName(): string {
    return 'undici';
  }

  override async makeRequest(
    host: string,
    port: string,
    path: string,
    method: string,
    headers: Record<string, string | number | string[]>,
    requestData: string,
    protocol: string,
    timeout: number,
  ): Promise<Stripe.HttpClientResponse> {
    try {
      const answer = await this.agent.request({
        origin: `${protocol}://${host}:${port}`,
        path,
        method: method as Dispatcher.HttpMethod,
        headers: textHeaders(headers),
        body: requestData,
        // The package's timeout bounds the wait for the answer's head and each pause in its body.
        headersTimeout: timeout,
        bodyTimeout: timeout,
      });
      return new UndiciResponse(answer);
    } catch (error) {
      throw connectionError(error);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
