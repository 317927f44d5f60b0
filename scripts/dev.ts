import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer } from 'vite';
import { prettyLog } from './dev-log.js';
import { portalDevPage } from './dev-page.js';

// `npm run dev`: the browser opens PORT (Vite: web app with hot reload); Vite proxies the
// server's paths to DEV_SERVER_PORT, where `tsx watch` restarts the server on change.

function portFrom(name: string, fallback: number): number {
  const value = process.env[name];
  const port = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    console.error(`${name} must be a port number (1-65535), got "${value ?? ''}"`);
    process.exit(1);
  }
  return port;
}

const host = process.env.HOST ?? '127.0.0.1';
const port = portFrom('PORT', 8080);
const serverPort = portFrom('DEV_SERVER_PORT', port + 1);
const serverUrl = `http://127.0.0.1:${String(serverPort)}`;

const vite = await createServer({
  plugins: [portalDevPage(serverUrl)],
  server: { host, port, strictPort: true },
});

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const server = spawn(
  process.execPath,
  [
    tsxCli,
    'watch',
    '--clear-screen=false',
    // The server reads the page template once at start.
    '--include',
    'src/web/index.html',
    'src/server/main.ts',
  ],
  {
    // The server's log is JSON on stdout; here it is made readable (production keeps JSON).
    stdio: ['inherit', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(serverPort),
      // Loopback only: the browser reaches the server through the dev server's proxy.
      HOST: '127.0.0.1',
      // Links, the canonical URL and the hand-off login point at the port the browser uses.
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${String(port)}`,
    },
  },
);

prettyLog(server.stdout, process.stdout, process.stdout.isTTY);

let isClosing = false;
async function stop(code: number) {
  if (isClosing) return;
  isClosing = true;
  await vite.close();
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));
server.once('exit', (code) => void stop(code ?? 1));

await vite.listen();
vite.printUrls();
