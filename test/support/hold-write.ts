import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { TestApp } from './test-app.js';

const CHILD = path.resolve(import.meta.dirname, 'children/hold-write.ts');

/** Another process writing to the test app's database: the moments it reaches, in order. */
export interface OtherWriter {
  /** It has opened the database and is about to begin its transaction. */
  readonly opened: Promise<void>;
  /** It is inside its write transaction, its row written. */
  readonly held: Promise<void>;
  /** It has committed and exited. */
  readonly done: Promise<void>;
}

/** Starts another process that writes a row and holds its write transaction for `holdMs`. */
export function startWriter(t: TestApp, holdMs: number): OtherWriter {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, JSON.stringify(t.dbOptions), String(holdMs)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => {
        if (line === word) resolve();
      });
      void exited.then(() => reject(new Error(`hold-write exited before saying ${word}`)));
    });
  const opened = said('opened');
  const held = said('held');
  // Either may be left unawaited by a caller; the exit below carries the failure.
  opened.catch(() => undefined);
  held.catch(() => undefined);
  return {
    opened,
    held,
    done: exited.then(([code]) => {
      if (code !== 0) throw new Error(`hold-write exited with ${String(code)}`);
    }),
  };
}

/**
 * Starts another process that holds a write transaction on the test app's database for
 * `holdMs`; resolves once it holds it, with a promise of the child's exit.
 */
export async function holdWrite(t: TestApp, holdMs: number): Promise<{ done: Promise<void> }> {
  const writer = startWriter(t, holdMs);
  await writer.held;
  return { done: writer.done };
}
