import { ApiPaths } from '../../src/contract/api-paths.js';
import type { AuthResponse } from '../../src/contract/auth.js';
import type { HttpClient, JsonResponse } from './http-client.js';

/**
 * A sign-in that names its client address in X-Forwarded-For: the app must trust one proxy
 * hop (TRUST_PROXY=1) for the server to take it as the client's.
 */
export function signInFrom(
  client: HttpClient,
  ip: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<JsonResponse<AuthResponse>> {
  return client.json<AuthResponse>('POST', ApiPaths.signin, {
    json: { email, password },
    headers: { 'x-forwarded-for': ip, ...headers },
  });
}

let nextAddress = 0;

/** An address of the benchmarking range (198.18.0.0/15, RFC 2544) not used before in this file. */
export function freshAddress(): string {
  nextAddress += 1;
  return `198.18.${String(Math.floor(nextAddress / 250))}.${String((nextAddress % 250) + 1)}`;
}
