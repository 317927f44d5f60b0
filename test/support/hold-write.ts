import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { TestApp } from './test-app.js';

const CHILD = path.resolve(import.meta.dirname, 'children/hold-write.ts');

/**
 * Starts another process that holds a write transaction on the test app's database for
 * `holdMs`; resolves once it holds it, with a promise of the child's exit.
 */
export async function holdWrite(t: TestApp, holdMs: number): Promise<{ done: Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, JSON.stringify(t.dbOptions), String(holdMs)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  if (!line.toString().startsWith('held')) throw new Error(`hold-write said ${line.toString()}`);
  return {
    done: exited.then(([code]) => {
      if (code !== 0) throw new Error(`hold-write exited with ${String(code)}`);
    }),
  };
}
