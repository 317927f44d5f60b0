import { Counter, Gauge, type Registry } from 'prom-client';
import type { GatewayAnswer, GatewayCheck } from './gateway-check.js';

/**
 * Prometheus series of the check: every answer by outcome and reason, and how old the
 * state is while the database is away (0 while it is current).
 */
export function countedCheck(
  check: GatewayCheck,
  registry: Registry,
  staleForMs: () => number | null,
): GatewayCheck {
  const decisions = new Counter({
    name: 'portal_gateway_decisions_total',
    help: 'Gateway check answers, by outcome (allowed, refused) and reason code',
    labelNames: ['outcome', 'reason'],
    registers: [registry],
  });
  new Gauge({
    name: 'portal_gateway_state_stale_seconds',
    help: 'Seconds since the gateway state was last read from the database, while that fails',
    registers: [registry],
    collect() {
      this.set(Math.floor((staleForMs() ?? 0) / 1000));
    },
  });
  return (question) => {
    const answer: GatewayAnswer = check(question);
    if (answer.body.status === 'success') decisions.inc({ outcome: 'allowed', reason: '' });
    else decisions.inc({ outcome: 'refused', reason: answer.body.code });
    return answer;
  };
}
