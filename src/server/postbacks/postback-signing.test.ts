import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newPostbackSecret, postbackMessageId, signPostback } from './postback-signing.js';

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

describe('postbackMessageId', () => {
  it("is the same for the same application and caller's event id, and differs otherwise", () => {
    const id = postbackMessageId('app-1', 'order-42');
    expect(id).toMatch(/^msg_[A-Za-z0-9_-]{43}$/);
    expect(postbackMessageId('app-1', 'order-42')).toBe(id);
    expect(postbackMessageId('app-2', 'order-42')).not.toBe(id);
    expect(postbackMessageId('app-1', 'order-43')).not.toBe(id);
    // No joining of the two can make different pairs look alike.
    expect(postbackMessageId('a:b', 'c')).not.toBe(postbackMessageId('a', 'b:c'));
  });
});
