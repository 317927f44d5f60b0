import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newPostbackSecret, signPostback } from './postback-signing.js';

describe('signPostback', () => {
  it('signs with every live secret, each verifiable alone', () => {
    const [current, old] = [newPostbackSecret(), newPostbackSecret()];
    const body = '{"type":"order.updated","timestamp":"x","data":{}}';
    const headers = signPostback([current, old], 'evt-1', Date.now(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [current, old]) {
      expect(new Webhook(secret).verify(body, { ...headers })).toMatchObject({ data: {} });
    }
    expect(() => new Webhook(newPostbackSecret()).verify(body, { ...headers })).toThrow();
  });
});
