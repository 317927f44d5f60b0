import type { Kysely } from 'kysely';
import { OPERATOR_ROLES, type OperatorRole } from '../../contract/ops.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Actor, OperatorAccounts } from '../ops/operator-accounts.js';
import { findOperatorByEmail, listOperators } from '../ops/operators.repository.js';

export interface OperatorsCommandDeps {
  readonly db: Kysely<Database>;
  readonly accounts: OperatorAccounts;
  /** The audit names the command line and the shell's user as the actor. */
  readonly actor: Actor;
}

const USAGE = `usage: admin operators add EMAIL --role ${OPERATOR_ROLES.join('|')} | operators list | operators disable EMAIL | operators reset EMAIL`;

const isRole = (value: string | undefined): value is OperatorRole =>
  (OPERATOR_ROLES as readonly (string | undefined)[]).includes(value);

function linkLines(link: { enrollmentUrl: string; expiresAt: number }): string[] {
  return [
    `Enrollment link (valid until ${new Date(link.expiresAt).toISOString()}): ${link.enrollmentUrl}`,
  ];
}

/**
 * `operators add|list|disable|reset`: the console's accounts from a shell, for the
 * first admin and for automation. Add and reset print a one-time enrollment link.
 */
export async function runOperatorsCommand(
  deps: OperatorsCommandDeps,
  args: readonly string[],
): Promise<{ lines: string[]; exitCode: number }> {
  const [group, action, email, ...rest] = args;
  if (group !== 'operators') return { lines: [USAGE], exitCode: 2 };
  try {
    return await run(deps, action, email, rest);
  } catch (error) {
    if (error instanceof AppError) return { lines: [error.message], exitCode: 1 };
    throw error;
  }
}

async function run(
  deps: OperatorsCommandDeps,
  action: string | undefined,
  email: string | undefined,
  rest: readonly string[],
): Promise<{ lines: string[]; exitCode: number }> {
  if (action === 'list' && email === undefined) {
    const rows = await listOperators(deps.db);
    if (rows.length === 0) return { lines: ['No operators.'], exitCode: 0 };
    const state = (row: (typeof rows)[number]) =>
      row.disabledAt !== null ? 'disabled' : row.enrolledAt === null ? 'invited' : 'active';
    return {
      lines: rows.map((row) => [row.email, row.role, state(row), row.id].join('\t')),
      exitCode: 0,
    };
  }
  if (email === undefined || !email.includes('@')) return { lines: [USAGE], exitCode: 2 };
  if (action === 'add') {
    const role = rest[0] === '--role' ? rest[1] : rest[0]?.replace(/^--role=/, '');
    if (!isRole(role) || rest.length > (rest[0] === '--role' ? 2 : 1)) {
      return { lines: [USAGE], exitCode: 2 };
    }
    const link = await deps.accounts.add(email, role, deps.actor);
    return {
      lines: [`Operator: ${email.toLowerCase()} (${role})`, ...linkLines(link)],
      exitCode: 0,
    };
  }
  if ((action !== 'disable' && action !== 'reset') || rest.length > 0) {
    return { lines: [USAGE], exitCode: 2 };
  }
  const operator = await findOperatorByEmail(deps.db, email.trim().toLowerCase());
  if (operator === undefined) return { lines: [`No operator ${email}.`], exitCode: 1 };
  if (action === 'disable') {
    await deps.accounts.disable(operator.id, deps.actor);
    return { lines: [`Disabled ${operator.email}; their sessions ended.`], exitCode: 0 };
  }
  return { lines: linkLines(await deps.accounts.reset(operator.id, deps.actor)), exitCode: 0 };
}
