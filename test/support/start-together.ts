import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILDREN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'children');
const READY = 'ready\n';

function outputOf(child: ChildProcessWithoutNullStreams) {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ready = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (stdout.startsWith(READY)) resolve();
    };
    child.stdout.on('data', check);
    child.once('exit', () => reject(new Error(`child exited before it was ready: ${stderr}`)));
  });
  const done = once(child, 'exit').then(([code]) => {
    if (code !== 0) throw new Error(`child exited with ${String(code)}: ${stderr}`);
    return stdout.slice(READY.length);
  });
  return { ready, done };
}

/**
 * Runs `test/support/children/<script>` in one real Node process per environment. Each
 * child loads its modules, says it is ready and waits; all are released at once, so their
 * work races for real. Answers what each printed after "ready".
 */
export async function startTogether(
  script: string,
  envs: readonly Record<string, string>[],
): Promise<string[]> {
  const children = envs.map((env) =>
    spawn(process.execPath, ['--import', 'tsx', path.join(CHILDREN_DIR, script)], {
      env: { ...process.env, ...env },
    }),
  );
  const outputs = children.map(outputOf);
  await Promise.all(outputs.map((output) => output.ready));
  for (const child of children) child.stdin.end('go\n');
  return Promise.all(outputs.map((output) => output.done));
}
