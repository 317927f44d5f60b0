import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FLOW_KEY_FILE, loadFlowProvider } from './flow-provider.js';

let dataDir: string;
const settings = { audience: 'developer-portal', issuer: 'http://localhost:8080' };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-flow-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadFlowProvider', () => {
  it('makes an RSA-2048 key on first start, keeps it 0600 and reuses it', async () => {
    const provider = await loadFlowProvider(dataDir, settings);
    const file = path.join(dataDir, FLOW_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(provider.publicKey.asymmetricKeyType).toBe('rsa');
    expect(provider.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const again = await loadFlowProvider(dataDir, settings);
    expect(again.publicKey.export({ type: 'spki', format: 'pem' })).toEqual(
      provider.publicKey.export({ type: 'spki', format: 'pem' }),
    );
  });

  it('signs 5-minute RS256 tokens that its public key verifies', async () => {
    const provider = await loadFlowProvider(dataDir, settings);
    const now = Date.UTC(2026, 0, 15, 9, 0, 0);
    const token = await provider.sign(
      { clientCode: 'C1', name: 'Ravi', email: 'ravi@example.com', emailVerified: true },
      now,
    );
    const { payload, protectedHeader } = await jwtVerify(token, provider.publicKey, {
      algorithms: ['RS256'],
      audience: 'developer-portal',
      issuer: 'http://localhost:8080',
      currentDate: new Date(now),
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      client_code: 'C1',
      name: 'Ravi',
      email: 'ravi@example.com',
      email_verified: true,
      iat: now / 1000,
      exp: now / 1000 + 300,
    });
    expect(typeof payload.jti).toBe('string');
  });
});
