/**
 * What the portal acknowledged with a 2xx before it was killed. An operation still in
 * flight at the kill may or may not have happened: it marks its subject uncertain, and
 * the checks accept either outcome for that subject only.
 */
export interface AppRecord {
  readonly ownerEmail: string;
  isDeleted: boolean;
  ips: readonly string[];
  isUncertain: boolean;
}

export class Ledger {
  /** E-mails whose sign-up was answered 2xx. */
  readonly signedUp = new Set<string>();
  readonly apps = new Map<string, AppRecord>();
  acknowledged = 0;
  uncertain = 0;

  recordSignup(email: string) {
    this.signedUp.add(email);
    this.acknowledged += 1;
  }

  recordCreate(id: string, ownerEmail: string, ips: readonly string[]) {
    this.apps.set(id, { ownerEmail, isDeleted: false, ips, isUncertain: false });
    this.acknowledged += 1;
  }

  recordIps(id: string, ips: readonly string[]) {
    const app = this.apps.get(id);
    if (app === undefined) return;
    app.ips = ips;
    app.isUncertain = false;
    this.acknowledged += 1;
  }

  recordDelete(id: string) {
    const app = this.apps.get(id);
    if (app === undefined) return;
    app.isDeleted = true;
    app.isUncertain = false;
    this.acknowledged += 1;
  }

  markUncertain(id: string) {
    const app = this.apps.get(id);
    if (app !== undefined) app.isUncertain = true;
    this.uncertain += 1;
  }
}
