import type { LookupAddress } from 'node:dns';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/support/free-port.js';
import { startHttpReceiver, type HttpReceiver } from '../../../../test/support/http-receiver.js';
import { createPostbackSender } from './send-postback.js';

const receivers: HttpReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(...args: Parameters<typeof startHttpReceiver>): Promise<HttpReceiver> {
  const started = await startHttpReceiver(...args);
  receivers.push(started);
  return started;
}

/** A resolver that answers every name with these addresses and counts its calls. */
function fixedLookup(...addresses: string[]): LookupFunction & { calls: number } {
  const entries: LookupAddress[] = addresses.map((address) => ({
    address,
    family: address.includes(':') ? 6 : 4,
  }));
  const lookup = Object.assign(
    ((_hostname, _options, callback) => {
      lookup.calls += 1;
      callback(null, entries);
    }) satisfies LookupFunction,
    { calls: 0 },
  );
  return lookup;
}

const body = JSON.stringify({ type: 'order.updated', data: { orderId: 'A1' } });
// The test receivers listen on loopback: reaching them needs the local test host.
const local = createPostbackSender({ timeoutMs: 5000, localTestHost: '127.0.0.1' });
const strict = createPostbackSender({ timeoutMs: 5000, localTestHost: null });

describe('createPostbackSender: answers', () => {
  it('posts the body and headers and reports a 2xx with its latency and the first 4 KB', async () => {
    // 4095 ASCII bytes, then a 2-byte character across the 4 KB line: the cut drops it whole.
    const answer = `${'a'.repeat(4095)}é${'b'.repeat(3000)}`;
    const target = await receiver((_request, response) => {
      response.writeHead(201, { 'x-receiver': 'yes' }).end(answer);
    });

    const result = await local.send({
      url: `${target.url}/hooks?x=1`,
      headers: { 'webhook-id': 'msg_1' },
      body,
    });

    expect(result).toMatchObject({ ok: true, status: 201, error: null });
    expect(result.responseBody).toBe('a'.repeat(4095));
    expect(result.responseHeaders['x-receiver']).toBe('yes');
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(target.received).toHaveLength(1);
    expect(target.received[0]).toMatchObject({ method: 'POST', path: '/hooks?x=1', body });
    expect(target.received[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'content-length': String(Buffer.byteLength(body)),
    });
  });

  it('keeps a content type the caller gives', async () => {
    const target = await receiver();
    await local.send({ url: target.url, headers: { 'Content-Type': 'text/plain' }, body: 'hi' });
    expect(target.received[0]?.headers['content-type']).toBe('text/plain');
  });

  it('reports a 500 as not ok, with its status and body', async () => {
    const target = await receiver((_request, response) => response.writeHead(500).end('broken'));
    const result = await local.send({ url: target.url, headers: {}, body });
    expect(result).toMatchObject({ ok: false, status: 500, responseBody: 'broken', error: null });
  });

  it('never follows a redirect: a 302 is a failure and its target sees nothing', async () => {
    const elsewhere = await receiver();
    const target = await receiver((_request, response) => {
      response.writeHead(302, { location: `${elsewhere.url}/stolen` }).end();
    });
    const result = await local.send({ url: target.url, headers: {}, body });
    expect(result).toMatchObject({ ok: false, status: 302, error: null });
    expect(result.responseHeaders.location).toBe(`${elsewhere.url}/stolen`);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('gives up after timeoutMs on a receiver that never answers', async () => {
    const target = await receiver(() => undefined);
    const sender = createPostbackSender({ timeoutMs: 200, localTestHost: '127.0.0.1' });
    const result = await sender.send({ url: target.url, headers: {}, body });
    expect(result).toMatchObject({ ok: false, status: null, error: 'timeout' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(190);
    expect(target.received).toHaveLength(1);
  });

  it('keeps the status and the body so far when the answer stalls past timeoutMs', async () => {
    const target = await receiver((_request, response) => {
      response.writeHead(200);
      response.write('partial');
    });
    const sender = createPostbackSender({ timeoutMs: 200, localTestHost: '127.0.0.1' });
    const result = await sender.send({ url: target.url, headers: {}, body });
    expect(result).toMatchObject({ ok: true, status: 200, responseBody: 'partial', error: null });
  });

  it('reports a refused connection', async () => {
    const port = await freePort();
    const result = await local.send({ url: `http://127.0.0.1:${port}/`, headers: {}, body });
    expect(result).toMatchObject({ ok: false, status: null, error: 'connection_failed' });
  });

  it.each(['not a url', 'ftp://example.com/hook', 'file:///etc/passwd', '/relative'])(
    'refuses %s as invalid_url',
    async (url) => {
      const result = await strict.send({ url, headers: {}, body });
      expect(result).toEqual({
        ok: false,
        status: null,
        latencyMs: expect.any(Number) as number,
        responseHeaders: {},
        responseBody: '',
        error: 'invalid_url',
      });
    },
  );

  it('reports a name that does not resolve as dns_failed', async () => {
    const lookup: LookupFunction = (hostname, _options, callback) => {
      callback(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
        [],
      );
    };
    const sender = createPostbackSender({ timeoutMs: 5000, localTestHost: null, lookup });
    const result = await sender.send({ url: 'https://nowhere.example/hook', headers: {}, body });
    expect(result).toMatchObject({ ok: false, status: null, error: 'dns_failed' });
  });
});

describe('createPostbackSender: SSRF guard', () => {
  it.each([
    'http://127.0.0.1',
    'http://127.1.2.3',
    'http://10.0.0.1',
    'http://172.16.0.1',
    'http://192.168.1.1',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1',
    'http://224.0.0.1',
    'http://0.0.0.0',
    'http://255.255.255.255',
    'http://240.0.0.1',
    'http://0177.0.0.1',
    'http://2130706433',
    'https://[::1]',
    'http://[::]',
    'http://[fe80::1]',
    'http://[fc00::1]',
    'http://[fd00:ec2::254]',
    'http://[ff02::1]',
    'http://[::ffff:127.0.0.1]',
    'http://[::ffff:169.254.169.254]',
    'http://[64:ff9b::a00:1]',
  ])('refuses the literal %s before connecting', async (url) => {
    const lookup = fixedLookup('8.8.8.8');
    const sender = createPostbackSender({ timeoutMs: 5000, localTestHost: null, lookup });
    const result = await sender.send({ url, headers: {}, body });
    expect(result).toMatchObject({ ok: false, status: null, error: 'blocked_address' });
    expect(lookup.calls).toBe(0);
  });

  it('refuses a live loopback receiver addressed by its IP', async () => {
    const target = await receiver();
    const result = await strict.send({ url: target.url, headers: {}, body });
    expect(result.error).toBe('blocked_address');
    expect(target.received).toHaveLength(0);
  });

  it('refuses localhost, resolved at connect time', async () => {
    const target = await receiver();
    const result = await strict.send({
      url: `http://localhost:${target.port}/`,
      headers: {},
      body,
    });
    expect(result.error).toBe('blocked_address');
    expect(target.received).toHaveLength(0);
  });

  it.each(['http', 'https'])(
    'refuses a %s name its resolver maps to 127.0.0.1 (the receiver sees nothing)',
    async (scheme) => {
      const target = await receiver();
      const lookup = fixedLookup('127.0.0.1');
      const sender = createPostbackSender({ timeoutMs: 5000, localTestHost: null, lookup });
      const url = `${scheme}://hooks.example.test:${target.port}/`;
      const result = await sender.send({ url, headers: {}, body });
      expect(result.error).toBe('blocked_address');
      expect(lookup.calls).toBe(1);
      expect(target.received).toHaveLength(0);
    },
  );

  it('judges a name at each new connection, though its URL was seen before', async () => {
    const target = await receiver();
    const lookup = fixedLookup('127.0.0.1');
    const sender = createPostbackSender({ timeoutMs: 5000, localTestHost: null, lookup });
    const url = `http://rebound.example.test:${target.port}/`;
    const results = [];
    for (let n = 0; n < 2; n++) results.push(await sender.send({ url, headers: {}, body }));
    expect(results.map((result) => result.error)).toEqual(['blocked_address', 'blocked_address']);
    expect(lookup.calls).toBe(2);
    expect(target.received).toHaveLength(0);
  });

  it('refuses a refused literal again on a later send', async () => {
    const target = await receiver();
    const results = [];
    for (let n = 0; n < 2; n++)
      results.push(await strict.send({ url: target.url, headers: {}, body }));
    expect(results.map((result) => result.error)).toEqual(['blocked_address', 'blocked_address']);
    expect(target.received).toHaveLength(0);
  });

  it.each([
    ['public first, private second', ['93.184.216.34', '127.0.0.1']],
    ['private first, public second', ['127.0.0.1', '93.184.216.34']],
    ['public v4, metadata v6', ['93.184.216.34', 'fd00:ec2::254']],
  ])('refuses a name with a refused address among its answers (%s)', async (_order, answers) => {
    const target = await receiver();
    const lookup = fixedLookup(...answers);
    const sender = createPostbackSender({ timeoutMs: 5000, localTestHost: null, lookup });
    const url = `http://mixed.example.test:${target.port}/`;
    const result = await sender.send({ url, headers: {}, body });
    expect(result.error).toBe('blocked_address');
    expect(target.received).toHaveLength(0);
  });
});

describe('createPostbackSender: connections', () => {
  it('sends one receiver its postbacks over one kept-alive connection', async () => {
    let connections = 0;
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.end('ok'));
    });
    server.on('connection', () => (connections += 1));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const url = `http://127.0.0.1:${String(port)}/hooks`;
      const results = [];
      for (let n = 0; n < 3; n++) results.push(await local.send({ url, headers: {}, body }));
      expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
      expect(connections).toBe(1);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('createPostbackSender: the local test host', () => {
  const sender = createPostbackSender({ timeoutMs: 5000, localTestHost: 'localhost' });

  it('reaches loopback for exactly that host name', async () => {
    const target = await receiver();
    const result = await sender.send({
      url: `http://localhost:${target.port}/`,
      headers: {},
      body,
    });
    expect(result).toMatchObject({ ok: true, status: 200, responseBody: 'ok' });
    expect(target.received).toHaveLength(1);
  });

  it('still refuses loopback by any other name or IP', async () => {
    const target = await receiver();
    const lookup = fixedLookup('127.0.0.1');
    const other = createPostbackSender({ timeoutMs: 5000, localTestHost: 'localhost', lookup });
    const byName = await other.send({
      url: `http://localhost.example.test:${target.port}/`,
      headers: {},
      body,
    });
    const byIp = await sender.send({ url: target.url, headers: {}, body });
    expect([byName.error, byIp.error]).toEqual(['blocked_address', 'blocked_address']);
    expect(target.received).toHaveLength(0);
  });

  it('does not open private addresses to that host', async () => {
    const lookup = fixedLookup('10.0.0.7');
    const sender = createPostbackSender({ timeoutMs: 5000, localTestHost: 'dev.test', lookup });
    const result = await sender.send({ url: 'http://dev.test:8080/', headers: {}, body });
    expect(result.error).toBe('blocked_address');
  });
});
