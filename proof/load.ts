import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { ApiPaths, DevPaths } from '../src/contract/api-paths.js';
import type { AuthResponse } from '../src/contract/auth.js';
import { ADMIN_ENTRY } from '../e2e/support/admin.js';
import { appFields, form, iconField, type FormValue } from '../test/support/apps.js';
import { PASSWORD, signupBody } from '../test/support/accounts.js';
import { HttpClient } from '../test/support/http-client.js';
import { makePdf } from '../test/support/png.js';
import type { Ledger } from './ledger.js';

/** One developer per worker, signed in; its live apps. */
interface Worker {
  readonly email: string;
  readonly client: HttpClient;
  readonly apps: string[];
}

export interface LoadReport {
  operations: number;
  serverErrors: string[];
}

/** A fresh IP for this harness run (198.18.0.0/15 is set aside for benchmarks: RFC 2544). */
function freshIp(): string {
  const bytes = randomBytes(2);
  return `198.${18 + ((bytes[0] ?? 0) % 2)}.${bytes[1] ?? 0}.${randomInt(1, 255)}`;
}

class Killed extends Error {}

/**
 * The mixed write load of the crash harness: sign-ups with verification, app creates with
 * icons and proofs, IP changes, deletes, proof decisions through the operator command.
 * Every 2xx goes into the ledger; a request cut by the kill marks its subject uncertain.
 */
export function startLoad(
  baseUrl: string,
  adminEnv: Record<string, string>,
  ledger: Ledger,
  workers: number,
) {
  let isStopped = false;
  const report: LoadReport = { operations: 0, serverErrors: [] };
  const children = new Set<ChildProcess>();
  const sharedIps: string[] = [];

  async function call(client: HttpClient, method: string, path: string, body?: FormData | object) {
    let response;
    try {
      response = await client.json(
        method,
        path,
        body instanceof FormData ? { body } : body === undefined ? {} : { json: body },
      );
    } catch {
      throw new Killed();
    }
    if (response.status >= 500) {
      // 503 while the process stops is expected; anything else is a finding.
      if (!isStopped) report.serverErrors.push(`${method} ${path} -> ${response.status}`);
      throw new Killed();
    }
    report.operations += 1;
    return response;
  }

  async function newWorker(): Promise<Worker> {
    const client = new HttpClient(baseUrl);
    await client.prime().catch(() => {
      throw new Killed();
    });
    const body = signupBody();
    const signup = await call(client, 'POST', ApiPaths.signup, body);
    if (signup.status !== 201) throw new Error(`sign-up refused: ${JSON.stringify(signup.body)}`);
    ledger.recordSignup(body.email);
    const code = await mailedCode(client, body.email);
    await call(client, 'POST', ApiPaths.confirm, { email: body.email, code });
    const signin = await call(client, 'POST', ApiPaths.signin, {
      email: body.email,
      password: PASSWORD,
    });
    const auth = signin.body as unknown as AuthResponse;
    client.bearer = auth.user_status.AuthenticationResult.AccessToken;
    return { email: body.email, client, apps: [] };
  }

  async function mailedCode(client: HttpClient, email: string): Promise<string> {
    for (let tries = 0; tries < 100 && !isStopped; tries++) {
      const res = await call(
        client,
        'GET',
        `${DevPaths.mailMessages}?to=${encodeURIComponent(email)}`,
      );
      const messages = res.body as unknown as { text: string }[];
      const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
      if (code !== undefined) return code;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Killed();
  }

  async function create(worker: Worker) {
    const ips = Array.from({ length: randomInt(0, 3) }, freshIp);
    const values: Record<string, FormValue> = { ...appFields(), ...iconField() };
    const borrowed = sharedIps[randomInt(0, Math.max(1, sharedIps.length))];
    if (borrowed !== undefined && randomInt(0, 3) === 0) {
      ips.push(borrowed);
      values.ipAddressDuplicateSkip = 'true';
      values[`document_${borrowed.replaceAll('.', '_')}`] = { bytes: makePdf(), name: 'proof.pdf' };
    }
    if (ips.length > 0) values.ipRecords = ips.join(',');
    const res = await call(worker.client, 'POST', ApiPaths.createApp, form(values));
    if (res.status !== 201) return;
    const id = res.body.applicationId as string;
    worker.apps.push(id);
    sharedIps.push(...ips);
    ledger.recordCreate(id, worker.email, [...ips].sort());
  }

  async function changeIps(worker: Worker) {
    if (worker.apps.length === 0) return create(worker);
    const id = worker.apps[randomInt(0, worker.apps.length)];
    if (id === undefined) return;
    const ips = Array.from({ length: randomInt(1, 4) }, freshIp);
    ledger.markUncertain(id);
    const res = await call(
      worker.client,
      'PUT',
      ApiPaths.app(id),
      form({ ...appFields(), isActive: 'true', ipRecords: ips.join(',') }),
    );
    if (res.status === 200) ledger.recordIps(id, [...ips].sort());
  }

  async function remove(worker: Worker) {
    if (worker.apps.length < 2) return create(worker);
    const id = worker.apps.splice(randomInt(0, worker.apps.length), 1)[0];
    if (id === undefined) return;
    ledger.markUncertain(id);
    const res = await call(worker.client, 'DELETE', ApiPaths.app(id));
    if (res.status === 200) ledger.recordDelete(id);
  }

  /** `npm run admin -- proofs accept|reject` on the oldest pending proof, killed with the server. */
  async function decideProof() {
    const list = await runAdmin(['proofs', 'list']);
    const match = /(app_[A-Za-z0-9_-]+)\s+\S+\s+([0-9.]+)/.exec(list);
    if (match?.[1] === undefined || match[2] === undefined) return;
    await runAdmin(['proofs', randomInt(0, 2) === 0 ? 'accept' : 'reject', match[1], match[2]]);
  }

  function runAdmin(args: string[]): Promise<string> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [ADMIN_ENTRY, ...args], {
        env: { ...process.env, ...adminEnv },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      children.add(child);
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.on('exit', () => {
        children.delete(child);
        resolve(stdout);
      });
    });
  }

  async function run() {
    let worker: Worker | undefined;
    while (!isStopped) {
      try {
        worker ??= await newWorker();
        const pick = randomInt(0, 20);
        if (pick < 8) await create(worker);
        else if (pick < 13) await changeIps(worker);
        else if (pick < 17) await remove(worker);
        else if (pick < 18) await decideProof();
        else worker = undefined;
      } catch (error) {
        if (!(error instanceof Killed)) report.serverErrors.push(String(error));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  const running = Promise.all(Array.from({ length: workers }, run));
  return {
    report,
    /** Resolves once `count` answers came back, or after `timeoutMs`. */
    async answered(count: number, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (report.operations < count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    /** Stops the workers and kills any operator command still running. */
    async stop(): Promise<LoadReport> {
      isStopped = true;
      for (const child of children) child.kill('SIGKILL');
      await running;
      return report;
    },
  };
}
