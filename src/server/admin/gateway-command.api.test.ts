import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InternalPaths } from '../../contract/api-paths.js';
import type { AllowlistPage } from '../../contract/gateway.js';
import { createApp, signedInDeveloper } from '../../../test/support/apps.js';
import { freePort } from '../../../test/support/free-port.js';
import { currentKeyOf } from '../../../test/support/keys.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { runGatewayCommand } from './gateway-command.js';

// docs/gateway.md, "A gateway's own copy": the gateway hashes the keys it sees with the
// lookup key this command prints, and finds them among the snapshot's lookup hashes.

const DB = process.env.TEST_DB ?? 'sqlite';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { GATEWAY_PORT: String(await freePort()) } });
});

afterAll(async () => {
  await t.close();
});

/** The snapshot's whole first page, as a gateway reads it. */
async function snapshot(): Promise<AllowlistPage> {
  const { port, host } = t.config.gateway;
  const res = await fetch(`http://${host}:${String(port)}${InternalPaths.allowlist}?limit=2000`);
  expect(res.status).toBe(200);
  return (await res.json()) as AllowlistPage;
}

const command = (args: readonly string[]) =>
  runGatewayCommand({ keyEncryptionSecret: t.secrets.keyEncryptionSecret }, args);

describe(`npm run admin -- gateway lookup-key (${DB})`, () => {
  it("prints the lookup key with which a key hashes to the snapshot's lookupHash, never the secret", async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client, { ipRecords: '203.0.113.90' });
    const key = await currentKeyOf(t, id);

    const result = command(['gateway', 'lookup-key']);
    expect(result.exitCode).toBe(0);
    expect(result.lines).toHaveLength(1);
    const printed = result.lines[0] ?? '';
    expect(printed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(printed).not.toContain(t.secrets.keyEncryptionSecret);

    const hashed = createHmac('sha256', Buffer.from(printed, 'base64url'))
      .update(key, 'utf8')
      .digest('base64url');
    const entry = (await snapshot()).applications.find((app) => app.applicationId === id);
    expect(entry?.keys.map((k) => k.lookupHash)).toEqual([hashed]);
  });

  it('prints the usage for anything else', () => {
    for (const args of [['gateway'], ['gateway', 'lookup'], ['gateway', 'lookup-key', 'x']]) {
      const result = command(args);
      expect(result).toEqual({ lines: ['usage: admin gateway lookup-key'], exitCode: 2 });
    }
  });
});
