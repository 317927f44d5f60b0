import Fastify from 'fastify';
import { DEVICE_COOKIE } from '../src/server/auth/device-cookie.js';
import { createApp, signedInDeveloper } from '../test/support/apps.js';
import { currentKeyOf } from '../test/support/keys.js';
import { startTestApp, type TestApp } from '../test/support/test-app.js';
import {
  readInput,
  type BenchSession,
  type ServerInput,
  type ServerReply,
  type ServerRequest,
} from './load-protocol.js';
import { mainThreadCpuMicros } from './thread-cpu.js';

// The server under test, alone in its process: process.cpuUsage() here is the server's
// CPU time and nothing else's (the load comes from bench/load-generator.ts).
const input = readInput(process.argv[2]) as ServerInput;
const reply = (message: ServerReply) => process.send?.(message);

let portal: TestApp | undefined;
let sessions = 0;
let baseUrl: string;
let close: () => Promise<void>;

if (input.kind === 'bare') {
  const bare = Fastify({ logger: false });
  bare.get('/bare', () => ({ status: 'success', message: 'ok' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${String(address.port)}`;
  close = () => bare.close();
} else {
  const t = await startTestApp({
    discardLog: true,
    ...(input.databaseUrl === undefined ? {} : { databaseUrl: input.databaseUrl }),
    ...(input.env === undefined ? {} : { env: input.env }),
  });
  portal = t;
  baseUrl = t.baseUrl;
  close = () => t.close();
}

/** A developer signed in through the API, with `apps` applications of `ipsPerApp` IPs. */
async function newSession(
  t: TestApp,
  apps: number,
  ipsPerApp: number,
  urls: Readonly<Record<'postbackUrl' | 'callbackUrl', string | undefined>>,
): Promise<BenchSession> {
  sessions += 1;
  const dev = await signedInDeveloper(t);
  // Only the URLs given replace the create form's defaults.
  const given = Object.fromEntries(
    Object.entries(urls).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const appIds: string[] = [];
  const firstIps: string[] = [];
  for (let app = 1; app <= apps; app += 1) {
    const ips = Array.from(
      { length: ipsPerApp },
      (_, n) => `192.${String(sessions)}.${String(app)}.${String(n + 1)}`,
    );
    appIds.push(await createApp(dev.client, { ipRecords: ips.join(','), ...given }));
    firstIps.push(ips[0] ?? '');
  }
  return {
    email: dev.email,
    password: dev.password,
    bearer: dev.client.bearer ?? '',
    xsrfToken: dev.client.cookie('XSRF-TOKEN') ?? '',
    deviceCookie: dev.client.cookie(DEVICE_COOKIE) ?? '',
    appIds,
    apiKeys: await Promise.all(appIds.map((id) => currentKeyOf(t, id))),
    firstIps,
  };
}

process.on('message', (message: ServerRequest) => {
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    reply({ type: 'cpu', cpu: { micros: user + system, mainThreadMicros: mainThreadCpuMicros() } });
  } else if (message.type === 'memory') {
    // Started with --expose-gc (bench/load.ts): what is measured is what stays.
    gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    reply({ type: 'memory', usage: { rss, heapUsed } });
  } else if (message.type === 'session') {
    if (portal === undefined) throw new Error('the bare server has no sessions');
    const { postbackUrl, callbackUrl } = message;
    void newSession(portal, message.apps, message.ipsPerApp, { postbackUrl, callbackUrl }).then(
      (session) => reply({ type: 'session', session }),
    );
  } else {
    void close().then(() => {
      reply({ type: 'closed' });
      process.disconnect();
    });
  }
});

/**
 * A portal that loaded a large gateway state at its start has held its event loop for a
 * while, and its load shedding answers 503 until its next sample (docs/decisions/016-metrics-and-load-shedding.md): a
 * session made then would get no anti-forgery cookie. Ready once it answers a page.
 */
async function untilServing(): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    const res = await fetch(`${baseUrl}/`);
    await res.arrayBuffer();
    if (res.status !== 503) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the portal kept answering 503');
}

if (portal !== undefined) await untilServing();
reply({ type: 'ready', baseUrl });
