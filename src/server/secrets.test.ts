import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTogether } from '../../test/support/start-together.js';
import { loadConfig } from './config.js';
import { loadSecrets, SECRETS_FILE, type Secrets } from './secrets.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-secrets-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadSecrets in embedded mode', () => {
  it('generates secrets on first start and keeps them in a 0600 file', async () => {
    const secrets = await loadSecrets(loadConfig({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, SECRETS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(secrets.accessTokenSecret).toMatch(/^[\w-]{43}$/);
    expect(new Set(Object.values(secrets)).size).toBe(5);
    const again = await loadSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(again).toEqual(secrets);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(secrets);
  });

  it('prefers a secret given in the environment', async () => {
    const secrets = await loadSecrets(
      loadConfig({ DATA_DIR: dataDir, XSRF_SECRET: 'x'.repeat(40) }),
    );
    expect(secrets.xsrfSecret).toBe('x'.repeat(40));
  });
});

describe('loadSecrets after a crash', () => {
  const file = () => path.join(dataDir, SECRETS_FILE);
  const stored = async () => JSON.parse(await readFile(file(), 'utf8')) as Secrets;

  it('ignores a temp file left by a write that never finished', async () => {
    const leftover = `${file()}.4242.0123456789ab.tmp`;
    await writeFile(leftover, '{"accessTokenSecret": "half-wri');
    const secrets = await loadSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(await stored()).toEqual(secrets);
    expect(new Set(Object.values(secrets)).size).toBe(5);
  });

  it.each([
    ['empty', ''],
    ['cut short', '{\n  "accessTokenSecret": "abc'],
    ['zero-filled', '\0'.repeat(180)],
  ])('starts with new secrets from a file an older version left %s', async (_kind, text) => {
    await writeFile(file(), text);
    const secrets = await loadSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(await stored()).toEqual(secrets);
    for (const value of Object.values({ ...secrets })) expect(value).toMatch(/^[\w-]{43}$/);
    expect(await readdir(dataDir)).toEqual([SECRETS_FILE]);
  });

  it('keeps the secrets a file holds and adds the missing ones', async () => {
    const kept = { accessTokenSecret: 'a'.repeat(43), xsrfSecret: 'x'.repeat(43) };
    await writeFile(file(), JSON.stringify(kept));
    const secrets = await loadSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(secrets).toMatchObject(kept);
    expect(await stored()).toEqual(secrets);
    expect((await stat(file())).mode & 0o777).toBe(0o600);
  });
});

describe('processes starting together on one DATA_DIR', () => {
  it.each([
    ['a fresh', undefined],
    ['a damaged', '{"accessTo'],
    ['an incomplete', JSON.stringify({ xsrfSecret: 'x'.repeat(43) })],
  ])('agree on one set of secrets from %s DATA_DIR', { timeout: 120_000 }, async (_kind, text) => {
    if (text !== undefined) await writeFile(path.join(dataDir, SECRETS_FILE), text);
    const env = { DATA_DIR: dataDir };
    const outputs = await startTogether('load-secrets.ts', [env, env, env]);
    const secrets = outputs.map((output) => JSON.parse(output) as Secrets);
    const onDisk = JSON.parse(await readFile(path.join(dataDir, SECRETS_FILE), 'utf8')) as Secrets;
    for (const each of secrets) expect(each).toEqual(onDisk);
    expect(await readdir(dataDir)).toEqual([SECRETS_FILE]);
  });
});

describe('loadSecrets in production', () => {
  it('takes every secret from the environment and writes no file', async () => {
    const secrets = await loadSecrets(
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://db/portal',
        SMTP_URL: 'smtp://mail',
        ACCESS_TOKEN_SECRET: 'a'.repeat(32),
        XSRF_SECRET: 'b'.repeat(32),
        CODE_HASH_SECRET: 'c'.repeat(32),
        LINK_SIGNING_SECRET: 'd'.repeat(32),
        KEY_ENCRYPTION_SECRET: 'e'.repeat(32),
      }),
    );
    expect(secrets.codeHashSecret).toBe('c'.repeat(32));
    expect(secrets.keyEncryptionSecret).toBe('e'.repeat(32));
    await expect(stat(path.join(dataDir, SECRETS_FILE))).rejects.toThrow(/ENOENT/);
  });
});
