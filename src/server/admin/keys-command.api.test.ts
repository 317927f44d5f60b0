import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { createApp, signedInDeveloper } from '../../../test/support/apps.js';
import { signupBody } from '../../../test/support/accounts.js';
import { currentKeyOf, keyCryptoOf } from '../../../test/support/keys.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { runKeysCommand } from './keys-command.js';
import { readSecretLine } from './read-secret.js';

const WEEK_MS = 7 * 24 * 60 * 60_000;
const DB = process.env.TEST_DB ?? 'sqlite';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

/** The command's dependencies with standard input piped from `stdin`, as the CLI wires them. */
function depsWithStdin(stdin: string) {
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  return {
    db: t.db.kysely,
    clock: t.clock,
    crypto: keyCryptoOf(t),
    readKey: () => readSecretLine(Readable.from([stdin]), discard, 'API key: '),
  };
}

/** An app whose key was rolled with a week's grace: its old and new keys. */
async function rolledApp() {
  const dev = await signedInDeveloper(t);
  const id = await createApp(dev.client);
  const oldKey = await currentKeyOf(t, id);
  const res = await dev.client.json('POST', ApiPaths.rollKey(id), { json: { grace: '7d' } });
  expect(res.status).toBe(200);
  return { dev, id, oldKey, newKey: await currentKeyOf(t, id) };
}

describe(`npm run admin -- keys find (${DB})`, () => {
  it('names the developer and application of a key given as an argument, current or in grace', async () => {
    const { dev, id, oldKey, newKey } = await rolledApp();
    const deps = depsWithStdin('');

    const current = await runKeysCommand(deps, ['keys', 'find', newKey]);
    expect(current).toEqual({
      lines: [
        `Developer: ${signupBody().name} <${dev.email}> (${dev.id})`,
        `Application: My Trading App (${id})`,
        'Key: current',
      ],
      exitCode: 0,
    });
    const old = await runKeysCommand(deps, ['keys', 'find', oldKey]);
    expect(old.lines[2]).toBe(
      `Key: old, in its grace period until ${new Date(t.clock.now() + WEEK_MS).toISOString()}`,
    );
    expect(await runKeysCommand(deps, ['keys', 'find', 'not-a-key'])).toEqual({
      lines: ['No application has this key.'],
      exitCode: 1,
    });
  });

  it('without an argument reads the key from standard input, so it stays out of shell history', async () => {
    const { dev, id, newKey } = await rolledApp();

    // As `echo "$KEY" | npm run admin -- keys find` pipes it: one line, its newline trimmed.
    expect(await runKeysCommand(depsWithStdin(`${newKey}\n`), ['keys', 'find'])).toEqual({
      lines: [
        `Developer: ${signupBody().name} <${dev.email}> (${dev.id})`,
        `Application: My Trading App (${id})`,
        'Key: current',
      ],
      exitCode: 0,
    });
    expect(await runKeysCommand(depsWithStdin('not-a-key\n'), ['keys', 'find'])).toEqual({
      lines: ['No application has this key.'],
      exitCode: 1,
    });
  });

  it('with no key on the command line nor on standard input prints the usage', async () => {
    for (const stdin of ['', '\n', '   \n']) {
      const result = await runKeysCommand(depsWithStdin(stdin), ['keys', 'find']);
      expect(result.exitCode).toBe(2);
      expect(result.lines[0]).toMatch(/^usage: admin keys find \[API_KEY\]/);
    }
    expect((await runKeysCommand(depsWithStdin(''), ['keys', 'find', 'a', 'b'])).exitCode).toBe(2);
  });
});
