import ipaddr from 'ipaddr.js';

/** production: stateless instances on PostgreSQL and SMTP; embedded: one local process with /dev. */
export type Mode = 'embedded' | 'production';

// A Map: an object literal would answer `constructor` or `toString` with Object.prototype's.
const MODES: ReadonlyMap<string, Mode> = new Map([
  ['', 'embedded'],
  ['development', 'embedded'],
  ['test', 'embedded'],
  ['production', 'production'],
]);

export const NODE_ENV_FORMS = 'must be production, development or test (or unset)';

/** The mode `NODE_ENV` names; undefined for a value that is none of them (a typo must not run embedded). */
export function modeOf(nodeEnv: string | undefined): Mode | undefined {
  return MODES.get(nodeEnv?.trim() ?? '');
}

/** `localhost` or a loopback address, an IPv4-mapped one (`::ffff:127.0.0.1`) included. */
export function isLoopback(address: string): boolean {
  if (address === 'localhost') return true;
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}

/** The start-log line: which mode runs and what it means for whoever can reach the port. */
export function modeNotice(mode: Mode, allowRemote: boolean): string {
  if (mode === 'production') {
    return 'production mode (NODE_ENV=production): no /dev routes, hand-off login only with a configured provider';
  }
  const what =
    'embedded mode (NODE_ENV is not production): /dev/mail shows every code the portal mails and /dev/flow signs anyone in as any e-mail';
  return allowRemote
    ? `${what}. EMBEDDED_ALLOW_REMOTE=true: any client that reaches this port can take over any account. Never do this on a network you do not control; set NODE_ENV=production for a real deployment.`
    : `${what}, so it listens on loopback only and /dev answers loopback clients only. Set NODE_ENV=production for a real deployment.`;
}
