import { describe, expect, it } from 'vitest';
import {
  POSTBACK_MAX_ATTEMPTS,
  POSTBACK_RETRY_DELAYS_MS,
  POSTBACK_VERIFY_EXAMPLE,
} from './postbacks.js';

describe('postback contract', () => {
  it("retries on Svix's schedule: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    const minutes = POSTBACK_RETRY_DELAYS_MS.map((ms) => ms / 60_000);
    expect(minutes).toEqual([5 / 60, 5, 30, 120, 300, 600, 600]);
    expect(POSTBACK_MAX_ATTEMPTS).toBe(8);
  });

  it('shows a verification example that names the library call receivers use', () => {
    expect(POSTBACK_VERIFY_EXAMPLE).toContain("from 'standardwebhooks'");
    expect(POSTBACK_VERIFY_EXAMPLE).toContain('new Webhook(');
    expect(POSTBACK_VERIFY_EXAMPLE).toContain('.verify(body, headers)');
  });
});
