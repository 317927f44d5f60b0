import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loopbackPortalEnv } from '../../test/support/free-port.js';
import { startPortalChild, type PortalChild } from '../../test/support/portal-child.js';

// Embedded mode cannot be exposed by accident (decision 010), against the real entry point.

// tsx compiles the server at start: on a loaded 2-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000 });

let dataDir: string;
let portal: PortalChild | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-mode-'));
});

afterEach(async () => {
  if (portal !== undefined && portal.child.exitCode === null) {
    portal.child.kill('SIGTERM');
    await portal.exit();
  }
  portal = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe('the start', () => {
  it('says plainly that embedded mode runs and what it exposes', async () => {
    portal = await startPortalChild({ DATA_DIR: dataDir });
    await portal.waitForOutput((output) => output.includes('embedded mode'));
    expect(portal.output()).toMatch(
      /"level":40,.*"msg":"embedded mode \(NODE_ENV is not production\): \/dev\/mail shows every code/,
    );
  });

  it('stops on an unknown NODE_ENV, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
      env: { ...loopbackPortalEnv(0), DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'staging' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /Invalid configuration: NODE_ENV must be production, development or test/,
    );
  });
});
