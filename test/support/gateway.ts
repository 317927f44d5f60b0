import { InternalPaths } from '../../src/contract/api-paths.js';
import type { TestApp } from './test-app.js';

export interface CheckAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/** One call of the check on the app's gateway listener, with the headers a gateway sends. */
export async function askGateway(
  t: TestApp,
  headers: Record<string, string>,
  options: { method?: string; path?: string } = {},
): Promise<CheckAnswer> {
  const { port, host } = t.config.gateway;
  if (port === undefined) throw new Error('the test app has no GATEWAY_PORT');
  const res = await fetch(
    `http://${host}:${String(port)}${InternalPaths.gatewayCheck}${options.path ?? ''}`,
    { method: options.method ?? 'GET', headers },
  );
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
  };
}

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
