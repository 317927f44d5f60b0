import { mayUse, OpsClientPaths, type OperatorRole, type OpsArea } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';

/** The console's areas as the nav lists them, in order: each area's page and its name. */
export const OPS_NAV: readonly { area: OpsArea; path: string; label: string }[] = [
  { area: 'proofs', path: OpsClientPaths.proofs, label: OpsMessages.nav.proofs },
  { area: 'developers', path: OpsClientPaths.find, label: OpsMessages.nav.find },
  { area: 'audit', path: OpsClientPaths.audit, label: OpsMessages.nav.audit },
  { area: 'operators', path: OpsClientPaths.operators, label: OpsMessages.nav.operators },
];

/** The areas `role` may use, in the nav's order. */
export function navFor(role: OperatorRole) {
  return OPS_NAV.filter((item) => mayUse(role, item.area));
}

/** Where /ops lands: the first area the role may use (every role has one). */
export function landingPathFor(role: OperatorRole): string {
  return navFor(role)[0]?.path ?? OpsClientPaths.login;
}
