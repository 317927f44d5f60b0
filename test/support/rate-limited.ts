import { expect } from 'vitest';
import { Messages } from '../../src/contract/messages.js';
import type { JsonResponse } from './http-client.js';

/** Asserts the per-IP limit's refusal: 429, a wait within the minute, and its message. */
export function expectPerIpRefusal(res: JsonResponse): void {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.body).toEqual({
    status: 'error',
    code: 'rate_limited',
    message: Messages.auth.tooManyRequests(retryAfter),
  });
}
