import { Counter, Gauge, type Registry } from 'prom-client';
import type { GatewayAnswer, GatewayCheck } from './gateway-check.js';
import type { GatewayRefresher } from './gateway-refresher.js';

/**
 * Prometheus series of the check: every answer by outcome and reason, and how old the
 * state is while the database is away (0 while it is current) and since the change log was
 * last read at all.
 */
export function countedCheck(
  check: GatewayCheck,
  registry: Registry,
  refresher: Pick<GatewayRefresher, 'staleForMs' | 'ageMs'>,
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
      this.set(Math.floor((refresher.staleForMs() ?? 0) / 1000));
    },
  });
  new Gauge({
    name: 'portal_gateway_state_age_seconds',
    help: 'Seconds since the gateway state last read the change log successfully',
    registers: [registry],
    collect() {
      this.set(Math.floor(refresher.ageMs() / 1000));
    },
  });
  return (question) => {
    const answer: GatewayAnswer = check(question);
    if (answer.body.status === 'success') decisions.inc({ outcome: 'allowed', reason: '' });
    else decisions.inc({ outcome: 'refused', reason: answer.body.code });
    return answer;
  };
}
