import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { ApiPaths } from '../../src/contract/api-paths.js';
import { signIn, signupBody } from './accounts.js';
import { codeIn } from './recording-mailer.js';
import { freePort, loopbackPortalEnv } from './free-port.js';
import { HttpClient } from './http-client.js';

const MAIN = path.resolve('src/server/main.ts');

export interface PortalChild {
  readonly child: ChildProcess;
  readonly port: number;
  readonly baseUrl: string;
  /** Everything the process wrote so far (pino's JSON lines on stdout, and stderr). */
  output(): string;
  /** Resolves when the output passes `isDone`; rejects if the process exits first. */
  waitForOutput(isDone: (output: string) => boolean): Promise<void>;
  exit(): Promise<number | null>;
}

/**
 * The real entry point (src/server/main.ts through tsx) in a child process, on a port
 * chosen first (PORT=0 would hide it); resolves once it logged "portal ready".
 */
export async function startPortalChild(env: Record<string, string>): Promise<PortalChild> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...loopbackPortalEnv(port),
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const waitForOutput = (isDone: (output: string) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!isDone(output)) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
      void exited.then(() => {
        if (!waiters.has(check)) return;
        waiters.delete(check);
        reject(new Error(`exited before the awaited output:\n${output}`));
      });
    });
  await waitForOutput((text) => text.includes('"msg":"portal ready"'));
  return { child, port, baseUrl, output: () => output, waitForOutput, exit: () => exited };
}

/** Signs up and verifies a developer through the API and the embedded mailbox. */
export async function verifiedDeveloper(
  baseUrl: string,
): Promise<{ email: string; password: string }> {
  const client = new HttpClient(baseUrl);
  await client.prime();
  const body = signupBody();
  const signup = await client.json('POST', ApiPaths.signup, { json: body });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  // The code goes out through the job queue after the answer: wait for it as a person would.
  const inbox = `/dev/mail/messages?${new URLSearchParams({ to: body.email }).toString()}`;
  let text = '';
  for (let tries = 0; text === '' && tries < 200; tries += 1) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    text = (await client.json<{ text: string }[]>('GET', inbox)).body[0]?.text ?? '';
  }
  const code = codeIn(text);
  const confirm = await client.json('POST', ApiPaths.confirm, {
    json: { email: body.email, code },
  });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirm.body)}`);
  return { email: body.email, password: body.password };
}

/** A verified developer signed in at `baseUrl` (an instance or a balancer in front of two). */
export async function signedInDeveloperAt(
  baseUrl: string,
): Promise<{ email: string; password: string; client: HttpClient }> {
  const developer = await verifiedDeveloper(baseUrl);
  const client = new HttpClient(baseUrl);
  await client.prime();
  const res = await signIn(client, developer.email, developer.password);
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  client.bearer = res.body.user_status.AuthenticationResult.AccessToken;
  client.stepUpProof = { password: developer.password };
  return { ...developer, client };
}
