import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../test/support/free-port.js';

/** Not copied: installed, built, generated or run-time folders of the checkout. */
const SKIPPED = new Set([
  '.git',
  '.tmp',
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
]);

export interface DevLoop {
  readonly url: string;
  /** The throwaway copy the loop runs in: a spec may edit its files. */
  readonly dir: string;
  /** What `npm run dev` printed so far, stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

async function untilHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // the dev server or the portal server is not listening yet
    }
    if (Date.now() > deadline) throw new Error(`npm run dev did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Runs `npm run dev` in a copy of the checkout under .tmp/ (its node_modules resolve to the
 * checkout's), so a spec can change a screen file without touching the real one. Waits
 * until /healthz answers through the dev server's proxy.
 */
export async function startDevLoop(): Promise<DevLoop> {
  const root = path.resolve('.');
  await mkdir(path.join(root, '.tmp'), { recursive: true });
  const dir = await mkdtemp(path.join(root, '.tmp', 'dev-loop-'));
  // Entry by entry: fs.cp refuses to copy a folder into its own subfolder.
  for (const entry of await readdir(root)) {
    if (!SKIPPED.has(entry)) {
      await cp(path.join(root, entry), path.join(dir, entry), { recursive: true });
    }
  }
  const port = await freePort();
  let serverPort = await freePort();
  while (serverPort === port) serverPort = await freePort();
  const child = spawn('npm', ['run', 'dev'], {
    cwd: dir,
    // Its own process group: npm, the dev server, tsx watch and the portal stop together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DEV_SERVER_PORT: String(serverPort),
      DATA_DIR: path.join(dir, 'data'),
      // Info: the server's start and request lines, so a spec can read how they print.
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${String(port)}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = once(child, 'exit');
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await untilHealthy(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dir, output: () => output, stop };
}
