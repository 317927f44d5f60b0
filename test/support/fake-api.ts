import { vi } from 'vitest';

/** A request the fake API received. */
export interface Seen {
  readonly url: string;
  /** The query string, '?'-prefixed, or ''. */
  readonly search: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string;
}

/** A stand-in for the portal's API, typed as fetch: records requests, answers by path. */
export function fakeApi(answer: (request: Seen, seen: readonly Seen[]) => Response) {
  const seen: Seen[] = [];
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const entry = {
      url: new URL(request.url).pathname,
      search: new URL(request.url).search,
      method: request.method,
      headers: request.headers,
      body: await request.text(),
    };
    seen.push(entry);
    return answer(entry, seen);
  });
  vi.stubGlobal('fetch', fetchFake);
  return seen;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The refresh call's answer carrying these tokens. */
export function refreshed(accessToken: string, refreshToken: string): Response {
  return json(200, {
    status: 'success',
    message: 'Token refreshed',
    user_status: {
      AuthenticationResult: {
        AccessToken: accessToken,
        RefreshToken: refreshToken,
        ExpiresIn: 900,
        TokenType: 'Bearer',
      },
    },
  });
}
