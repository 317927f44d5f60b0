import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './support/fixtures.js';
import { SERVER_ENTRY, startPortal, type PortalProcess } from './support/portal-process.js';
import { E2E_ENV } from './support/server-env.js';

// The built server as operators run it: start, graceful stop, bad config, secrets, migrations.

const run = promisify(execFile);

test.describe.configure({ timeout: 60_000 });

let dataDir: string;
const portals: PortalProcess[] = [];

test.beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-lifecycle-'));
});

test.afterEach(async () => {
  // A failed assertion must not leave a server running.
  const running = portals
    .splice(0)
    .filter(({ child }) => child.exitCode === null && child.signalCode === null);
  await Promise.all(running.map((portal) => portal.stop('SIGKILL')));
  await rm(dataDir, { recursive: true, force: true });
});

/** The e2e brand on SQLite in this test's data directory, logging at info. */
function portalEnv(): Record<string, string> {
  return { ...E2E_ENV, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' };
}

async function start(): Promise<PortalProcess> {
  const portal = await startPortal(portalEnv());
  portals.push(portal);
  return portal;
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} closes the server and exits with code 0`, async () => {
    const portal = await start();
    expect((await fetch(`${portal.baseUrl}/healthz`)).status).toBe(200);

    expect(await portal.stop(signal)).toBe(0);

    expect(portal.output()).toMatch(/"msg":"closed"/);
    await expect(fetch(`${portal.baseUrl}/healthz`)).rejects.toThrow();
  });
}

test('an invalid PORT stops the start with a message naming PORT', async () => {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      ...portalEnv(),
      NODE_ENV: 'development',
      PORT: 'abc',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];

  expect(code).not.toBe(0);
  expect(code).not.toBeNull();
  expect(stderr).toMatch(/\bPORT\b/);
  expect(stderr).toContain('abc');
  // A configuration message, not a crash with a stack trace.
  expect(stderr).not.toMatch(/^\s+at /m);
});

test('a PORT already in use stops the start with a non-zero exit', async () => {
  const portal = await start();
  const port = new URL(portal.baseUrl).port;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, ...portalEnv(), NODE_ENV: 'development', PORT: port, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).not.toBe(0);
  // The first server is unharmed.
  expect((await fetch(`${portal.baseUrl}/healthz`)).status).toBe(200);
});

test('the first start writes secrets.json readable by the owner only', async () => {
  const portal = await start();
  const file = path.join(dataDir, 'secrets.json');
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  const secrets = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const values = Object.values(secrets);
  expect(values.length).toBeGreaterThanOrEqual(4);
  for (const value of values) {
    expect(typeof value).toBe('string');
    expect((value as string).length).toBeGreaterThanOrEqual(32);
  }
  expect(new Set(values).size).toBe(values.length);
  expect(await portal.stop()).toBe(0);
});

test('a restart with the same DATA_DIR keeps the secrets and their 0600 mode', async () => {
  const file = path.join(dataDir, 'secrets.json');
  const first = await start();
  const before = await readFile(file, 'utf8');
  expect(await first.stop()).toBe(0);
  await chmod(file, 0o644);

  await start();

  expect(await readFile(file, 'utf8')).toBe(before);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
});

test('an XSRF token from before a restart is still accepted after it', async () => {
  const first = await start();
  const token = (await fetch(`${first.baseUrl}/`)).headers
    .getSetCookie()
    .map((cookie) => /^XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1])
    .find((value) => value !== undefined);
  if (token === undefined) throw new Error('the server set no XSRF-TOKEN cookie');
  expect(await first.stop()).toBe(0);

  const second = await start();
  const response = await fetch(`${second.baseUrl}/api/v1/anything`, {
    method: 'POST',
    headers: {
      cookie: `XSRF-TOKEN=${token}`,
      'x-xsrf-token': token,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  // Past the XSRF check (403) to the unknown API path.
  expect(response.status).toBe(404);
});

test.describe('npm run db:migrate', () => {
  async function migrate(): Promise<string> {
    const { stdout } = await run('npm', ['run', 'db:migrate'], {
      cwd: path.dirname(path.dirname(path.dirname(SERVER_ENTRY))),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '',
      },
    });
    return stdout;
  }

  test('applies the schema to a fresh DATA_DIR once, then finds it up to date', async () => {
    expect(await migrate()).toContain('sqlite: applied 0001-initial');
    expect((await stat(path.join(dataDir, 'portal.db'))).isFile()).toBe(true);
    expect(await migrate()).toContain('sqlite: schema already up to date');
  });

  test('finds nothing to do after the server has migrated at start', async () => {
    const portal = await start();
    expect(await portal.stop()).toBe(0);
    expect(await migrate()).toContain('sqlite: schema already up to date');
  });
});
