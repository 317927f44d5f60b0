import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { freePort, loopbackPortalEnv } from '../../test/support/free-port.js';

export const SERVER_ENTRY = path.resolve('dist/server/main.js');

export interface PortalProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs the built portal (`node dist/server/main.js`) and waits until /healthz answers.
 * `publicHost` names the host of its PUBLIC_URL when not 127.0.0.1: WebAuthn takes a domain
 * (`localhost`) as the relying party, never an address.
 */
export async function startPortal(
  env: Record<string, string>,
  publicHost = '127.0.0.1',
): Promise<PortalProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...loopbackPortalEnv(port),
      PUBLIC_URL: `http://${publicHost}:${String(port)}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`portal did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    baseUrl,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}
