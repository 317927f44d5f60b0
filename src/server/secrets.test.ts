import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { loadSecrets, SECRETS_FILE } from './secrets.js';

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
    expect(new Set(Object.values(secrets)).size).toBe(4);
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
      }),
    );
    expect(secrets.codeHashSecret).toBe('c'.repeat(32));
    await expect(stat(path.join(dataDir, SECRETS_FILE))).rejects.toThrow(/ENOENT/);
  });
});
