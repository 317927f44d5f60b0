import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { SERVER_ENTRY } from '../e2e/support/portal-process.js';
import { freePort } from '../test/support/free-port.js';

/** A built portal process (`node dist/server/main.js`) that the harness can kill at will. */
export interface Portal {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  output(): string;
  kill(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;

/** Starts the portal and waits for /healthz; throws with its output when it cannot start. */
export async function startPortal(env: Record<string, string>): Promise<Portal> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited at start:\n${output}`);
    if (await isHealthy(baseUrl)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`portal did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    child,
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/healthz`)).ok;
  } catch {
    return false;
  }
}
