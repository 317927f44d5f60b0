import { InternalPaths } from '../../src/contract/api-paths.js';
import type { TestApp } from './test-app.js';

export interface CheckAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/** One call of the check on the app's gateway listener, with the headers a gateway sends. */
export function askGateway(
  t: TestApp,
  headers: Record<string, string>,
  options: { method?: string; path?: string } = {},
): Promise<CheckAnswer> {
  const { port, host } = t.config.gateway;
  if (port === undefined) throw new Error('the test app has no GATEWAY_PORT');
  return askCheckAt(
    `http://${host}:${String(port)}${InternalPaths.gatewayCheck}${options.path ?? ''}`,
    headers,
    options.method,
  );
}

/** One call of the check at `url` (another process's listener). */
export async function askCheckAt(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<CheckAnswer> {
  const res = await fetch(url, { method, headers });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
  };
}

/** Runs `ask` in `workers` loops until the answered function stops them; answers the calls made. */
export function askInLoops(ask: () => Promise<unknown>, workers: number) {
  let isRunning = true;
  let answered = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (isRunning) {
      await ask();
      answered += 1;
    }
  });
  return async () => {
    isRunning = false;
    await Promise.all(loops);
    return answered;
  };
}

/**
 * How long a one-instance test waits for a change to reach the check: far past its own
 * refresh, for a loaded 2-core CI machine. The two-process tests time the 1 s contract.
 */
const SETTLE_MS = 10_000;

/**
 * Asks until `isDone` holds or `withinMs` passed; answers the last answer and how long it
 * took. The check follows the database on its own schedule, which is what is measured.
 */
export async function askUntil(
  ask: () => Promise<CheckAnswer>,
  isDone: (answer: CheckAnswer) => boolean,
  withinMs: number,
): Promise<{ answer: CheckAnswer; tookMs: number }> {
  const started = performance.now();
  for (;;) {
    const answer = await ask();
    const tookMs = performance.now() - started;
    if (isDone(answer) || tookMs > withinMs) return { answer, tookMs };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks until `isDone` holds, allowing the settle wait; answers the last answer. */
export async function askUntilSettled(
  ask: () => Promise<CheckAnswer>,
  isDone: (answer: CheckAnswer) => boolean,
): Promise<CheckAnswer> {
  return (await askUntil(ask, isDone, SETTLE_MS)).answer;
}
