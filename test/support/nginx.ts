import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

const NGINX = '/usr/sbin/nginx';
export const NGINX_SAMPLE = path.resolve('docs/gateway-nginx.conf');

export interface RunningNginx {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Debian's NGINX in the foreground on a free loopback port, with docs/gateway-nginx.conf
 * filled in: the sample a broker copies is the config the test runs.
 */
export async function startNginx(fill: {
  tradingApi: string;
  check: string;
  gatewayToken: string;
}): Promise<RunningNginx> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'portal-nginx-'));
  await mkdir(path.join(prefix, 'tmp'));
  const port = await freePort();
  const conf = (await readFile(NGINX_SAMPLE, 'utf8'))
    .replaceAll('__LISTEN__', `127.0.0.1:${String(port)}`)
    .replaceAll('__TRADING_API__', fill.tradingApi)
    .replaceAll('__CHECK__', fill.check)
    .replaceAll('__GATEWAY_TOKEN__', fill.gatewayToken);
  const confPath = path.join(prefix, 'nginx.conf');
  await writeFile(confPath, conf);
  const child = spawn(
    NGINX,
    ['-p', `${prefix}/`, '-e', 'stderr', '-c', confPath, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = once(child, 'exit');
  for (let tries = 0; !(await isListening(port)); tries += 1) {
    if (child.exitCode !== null || tries > 200) throw new Error(`nginx did not start:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    port,
    url: `http://127.0.0.1:${String(port)}`,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
