import { StepUpPaths, type StepUpRequest } from '../../src/contract/step-up.js';

const XSRF_COOKIE = 'XSRF-TOKEN';

export interface JsonResponse<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/** Whether `response` is the 403 that asks the session to prove a second factor again. */
async function isStepUpRequired(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return (
    typeof body === 'object' && body !== null && 'code' in body && body.code === 'step_up_required'
  );
}

/**
 * A browser-like client for API tests: keeps cookies, echoes the XSRF cookie in the
 * X-XSRF-TOKEN header on unsafe requests, and sends a bearer token when given one.
 */
export class HttpClient {
  private readonly cookies = new Map<string, string>();
  bearer: string | undefined;
  /**
   * Given, a call refused with `step_up_required` is answered as the web client does: the
   * proof is sent to the step-up call and the call made once more. The tests of the guard
   * itself leave it out.
   */
  stepUpProof: StepUpRequest | undefined;

  constructor(private readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  /** Loads a page once, as a browser does first, so the server hands out the anti-forgery cookie. */
  async prime(): Promise<void> {
    await this.request('GET', '/');
  }

  async request(
    method: string,
    path: string,
    options: {
      json?: unknown;
      body?: BodyInit;
      headers?: Record<string, string>;
      xsrf?: boolean;
    } = {},
  ): Promise<Response> {
    const headers = new Headers(options.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (options.xsrf !== false && xsrf !== undefined && method !== 'GET' && method !== 'HEAD') {
      headers.set('x-xsrf-token', xsrf);
    }
    if (this.bearer !== undefined) headers.set('authorization', `Bearer ${this.bearer}`);
    let body = options.body;
    if (options.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.json);
    }
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair !== undefined && eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const proof = this.stepUpProof;
    if (proof === undefined || !(await isStepUpRequired(response))) return response;
    this.stepUpProof = undefined;
    try {
      const granted = await this.request('POST', StepUpPaths.stepUp, { json: proof });
      if (granted.status !== 200) throw new Error(`step-up failed: ${await granted.text()}`);
      return await this.request(method, path, options);
    } finally {
      this.stepUpProof = proof;
    }
  }

  /**
   * Proves the session's second factor (or password) now, as the dialog does: for calls made
   * in parallel, which would each meet the step-up, or sent from another address.
   */
  async stepUp(proof: StepUpRequest | undefined = this.stepUpProof): Promise<void> {
    if (proof === undefined) throw new Error('no step-up proof for this client');
    const granted = await this.request('POST', StepUpPaths.stepUp, { json: proof });
    if (granted.status !== 200) throw new Error(`step-up failed: ${await granted.text()}`);
  }

  async json<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: Parameters<HttpClient['request']>[2] = {},
  ): Promise<JsonResponse<T>> {
    const response = await this.request(method, path, options);
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text === '' ? {} : JSON.parse(text)) as T,
    };
  }
}
