import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { AUDIT_REQUIRED_VARIABLE, AuditLines, verdictFor } from './audit/audit-verdict.js';
import { readAuditOutput } from './audit/npm-audit-output.js';

// `npm run audit:deps [-- --registry <url>]`: npm's advisory audit of the production
// dependencies of the project in the current directory (docs/decisions/032-dependency-audit.md).

interface NpmRun {
  readonly stdout: string;
  readonly stderr: string;
}

/** How long npm may wait for the advisory endpoint (one retry): a hung registry must not stall `npm test`. */
const TIMEOUT_VARIABLE = 'AUDIT_TIMEOUT_SECONDS';
const DEFAULT_TIMEOUT_SECONDS = 60;

function timeoutMsFrom(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_TIMEOUT_SECONDS * 1000;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new Error(`${TIMEOUT_VARIABLE} must be a whole number of seconds, got "${value}"`);
  }
  return seconds * 1000;
}

function runNpmAudit(registry: string | undefined, timeoutMs: number): Promise<NpmRun> {
  // --offline=false: npm skips the request and reports nothing found when offline is set.
  const args = [
    'audit',
    '--omit=dev',
    '--json',
    '--offline=false',
    `--fetch-timeout=${String(timeoutMs)}`,
    '--fetch-retries=1',
  ];
  if (registry !== undefined) args.push('--registry', registry);
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // npm's exit code says "vulnerabilities or an error"; the JSON says which.
    child.on('close', () => resolve({ stdout, stderr }));
  });
}

function isRequiredFrom(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`${AUDIT_REQUIRED_VARIABLE} must be true or false, got "${value}"`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { registry: { type: 'string' } } });
  const isRequired = isRequiredFrom(process.env[AUDIT_REQUIRED_VARIABLE]);
  const run = await runNpmAudit(values.registry, timeoutMsFrom(process.env[TIMEOUT_VARIABLE]));
  const outcome = readAuditOutput(run.stdout);
  const verdict = verdictFor(outcome, isRequired);
  for (const line of verdict.lines) process.stdout.write(`${line}\n`);
  if (outcome.kind === 'broken') process.stderr.write(run.stderr);
  return verdict.exitCode;
}

main().then(
  (exitCode) => (process.exitCode = exitCode),
  (error: unknown) => {
    const detail = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${AuditLines.broken(detail)}\n`);
    process.exitCode = 1;
  },
);
