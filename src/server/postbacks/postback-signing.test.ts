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

  it('gives the very signature the standardwebhooks library gives, non-ASCII bodies included', () => {
    const secret = newPostbackSecret();
    const at = Date.UTC(2026, 0, 15, 9, 0, 0, 999);
    const body = '{"type":"order.updated","data":{"note":"café ₹ 📈"}}';
    const headers = signPostback([secret], 'evt-2', at, body);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at / 1000)));
    expect(headers['webhook-signature']).toBe(
      new Webhook(secret).sign('evt-2', new Date(at), body),
    );
  });
});
