import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLines } from './audit/audit-verdict.js';
import { freePort } from '../test/support/free-port.js';
import {
  startFakeAdvisoryRegistry,
  type BulkAdvisory,
  type FakeAdvisoryRegistry,
  type RegistryAnswer,
} from '../test/support/fake-advisory-registry.js';

// `npm run audit:deps` in a child process, on a small project whose lockfile it audits,
// against a registry on 127.0.0.1 that answers the bulk advisory endpoint.

const SCRIPT = path.resolve('scripts/audit-deps.ts');
const TSX = path.resolve('node_modules/.bin/tsx');

// left-pad and pad-wrapper (which needs tiny-pad) for production, is-number for development.
const PACKAGES = {
  'left-pad': { '1.3.0': {} },
  'pad-wrapper': { '1.0.0': { 'tiny-pad': '^2.0.0' } },
  'tiny-pad': { '2.0.0': {} },
  'is-number': { '7.0.0': {} },
};
const ROOT = {
  name: 'audited',
  version: '1.0.0',
  dependencies: { 'left-pad': '1.3.0', 'pad-wrapper': '1.0.0' },
  devDependencies: { 'is-number': '7.0.0' },
};
const LOCKFILE = {
  name: ROOT.name,
  version: ROOT.version,
  lockfileVersion: 3,
  requires: true,
  packages: {
    '': ROOT,
    'node_modules/left-pad': { version: '1.3.0' },
    'node_modules/pad-wrapper': { version: '1.0.0', dependencies: { 'tiny-pad': '^2.0.0' } },
    'node_modules/tiny-pad': { version: '2.0.0' },
    'node_modules/is-number': { version: '7.0.0', dev: true },
  },
};

function advisory(id: number, severity: BulkAdvisory['severity'], title: string): BulkAdvisory {
  return {
    id,
    url: `https://advisories.example/GHSA-${String(id)}`,
    title,
    severity,
    vulnerable_versions: '<99.0.0',
    cwe: ['CWE-1321'],
    cvss: { score: 0, vectorString: null },
  };
}

interface ScriptRun {
  readonly exitCode: number | null;
  readonly output: string;
}

let dir = '';
let registry: FakeAdvisoryRegistry | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'audit-deps-'));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify(ROOT));
  await writeFile(path.join(dir, 'package-lock.json'), JSON.stringify(LOCKFILE));
  await writeFile(path.join(dir, 'user.npmrc'), '');
});

afterEach(async () => {
  await registry?.close();
  registry = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function runScript(registryUrl: string, env: NodeJS.ProcessEnv = {}): Promise<ScriptRun> {
  const inherited = { ...process.env };
  delete inherited.AUDIT_REQUIRED;
  const child = spawn(TSX, [SCRIPT, '--registry', registryUrl], {
    cwd: dir,
    env: {
      ...inherited,
      // Nothing from this machine's npm setup or cache; no retry wait on a 5xx.
      npm_config_userconfig: path.join(dir, 'user.npmrc'),
      npm_config_cache: path.join(dir, 'npm-cache'),
      npm_config_fetch_retries: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [exitCode] = (await once(child, 'close')) as [number | null];
  return { exitCode, output };
}

async function auditAgainst(answer: RegistryAnswer, env?: NodeJS.ProcessEnv): Promise<ScriptRun> {
  registry = await startFakeAdvisoryRegistry(PACKAGES, answer);
  return runScript(registry.url, env);
}

describe('npm run audit:deps', () => {
  it('fails on a high advisory in a production dependency, naming it', async () => {
    const found = advisory(101, 'high', 'Prototype pollution in left-pad');
    const run = await auditAgainst({ advisories: { 'left-pad': [found] } });
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain(`high     left-pad`);
    expect(run.output).toContain(found.title);
    expect(run.output).toContain(found.url);
    expect(run.output).toContain(AuditLines.failed(1));
  });

  it('fails on a critical advisory in a dependency of a production dependency', async () => {
    const found = advisory(102, 'critical', 'Code execution in tiny-pad');
    const run = await auditAgainst({ advisories: { 'tiny-pad': [found] } });
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain(`critical tiny-pad`);
    expect(run.output).toContain(`${found.title} ${found.url} (through pad-wrapper)`);
    expect(run.output).toContain(AuditLines.failed(2));
  });

  it('asks the registry even when npm is set to work offline', async () => {
    const found = advisory(105, 'high', 'Prototype pollution in left-pad');
    const run = await auditAgainst(
      { advisories: { 'left-pad': [found] } },
      { npm_config_offline: 'true' },
    );
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain(found.url);
  });

  it('lists a moderate advisory and passes', async () => {
    const found = advisory(103, 'moderate', 'Slow padding in left-pad');
    const run = await auditAgainst({ advisories: { 'left-pad': [found] } });
    expect(run.exitCode).toBe(0);
    expect(run.output).toContain(`moderate left-pad`);
    expect(run.output).toContain(found.url);
    expect(run.output).toContain(AuditLines.passed(3, 1));
  });

  it('passes on a high advisory in a development dependency only', async () => {
    const found = advisory(104, 'high', 'Wrong answers in is-number');
    const run = await auditAgainst({ advisories: { 'is-number': [found] } });
    expect(run.exitCode).toBe(0);
    expect(run.output).not.toContain(found.title);
    expect(run.output).toContain(AuditLines.passed(3, 0));
  });

  it('says NOT CHECKED and passes when the endpoint answers 405', async () => {
    const run = await auditAgainst({ status: 405 });
    expect(run.exitCode).toBe(0);
    expect(run.output).toContain(AuditLines.notChecked(AuditLines.endpointAnswered(405)));
    expect(run.output).toContain(AuditLines.requiredHint);
  });

  it('fails on a 405 when AUDIT_REQUIRED=true', async () => {
    const run = await auditAgainst({ status: 405 }, { AUDIT_REQUIRED: 'true' });
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain(AuditLines.notChecked(AuditLines.endpointAnswered(405)));
    expect(run.output).toContain(AuditLines.requiredFails);
  });

  it('says NOT CHECKED when the endpoint answers 503', async () => {
    const run = await auditAgainst({ status: 503 });
    expect(run.exitCode).toBe(0);
    expect(run.output).toContain(AuditLines.notChecked(AuditLines.endpointAnswered(503)));
  });

  it('gives up on a registry that never answers within AUDIT_TIMEOUT_SECONDS and says NOT CHECKED', async () => {
    const started = Date.now();
    const run = await auditAgainst({ hangs: true }, { AUDIT_TIMEOUT_SECONDS: '1' });
    expect(run.exitCode).toBe(0);
    expect(run.output).toContain(AuditLines.notChecked(AuditLines.endpointUnreachable));
    // Two tries of a second each, and npm's own start: far from its 5-minute default.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('says NOT CHECKED when nothing answers at the registry address', async () => {
    const run = await runScript(`http://127.0.0.1:${String(await freePort())}/`);
    expect(run.exitCode).toBe(0);
    expect(run.output).toContain(AuditLines.notChecked(AuditLines.endpointUnreachable));
  });

  it('fails when npm cannot audit at all (no lockfile)', async () => {
    await rm(path.join(dir, 'package-lock.json'));
    const run = await auditAgainst({ advisories: {} });
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain(AuditLines.broken('npm audit failed: ENOLOCK'));
  });
});
