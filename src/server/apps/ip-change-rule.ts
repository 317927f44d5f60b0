import { Messages } from '../../contract/messages.js';
import { AppError } from '../errors.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The allowlist changes at most once per cooldown (docs/product.md section 5): a change
 * before `ipsChangedAt` + cooldown is refused with the time the next one is allowed.
 */
export function assertIpChangeAllowed(
  ipsChangedAt: number | null,
  now: number,
  cooldownDays: number,
): void {
  if (ipsChangedAt === null) return;
  const nextAllowed = ipsChangedAt + cooldownDays * DAY_MS;
  if (now >= nextAllowed) return;
  throw new AppError('ip_change_cooldown', Messages.ips.updateCooldownFor(cooldownDays), {
    nextIpChangeAt: new Date(nextAllowed).toISOString(),
  });
}
