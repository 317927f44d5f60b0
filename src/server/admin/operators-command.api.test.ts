import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OpsApiPaths,
  type EnrollmentLinkResponse,
  type OperatorListResponse,
} from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import {
  addOperator,
  signedInOperator,
  testOperatorsDeps,
} from '../../../test/support/operators.js';
import { holdWrite } from '../../../test/support/hold-write.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { runOperatorsCommand } from './operators-command.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

const run = (...args: string[]) =>
  runOperatorsCommand(testOperatorsDeps(t), ['operators', ...args]);

describe(`admin operators (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('adds an operator with a one-time link valid 24 hours, lists, resets and disables', async () => {
    const added = await run('add', 'Rita@Example.com', '--role', 'reviewer');
    expect(added.exitCode).toBe(0);
    const expires = new Date(t.clock.now() + 24 * 60 * 60 * 1000).toISOString();
    expect(added.lines).toEqual([
      'Operator: rita@example.com (reviewer)',
      expect.stringMatching(
        new RegExp(
          `^Enrollment link \\(valid until ${expires.replace(/\./g, '\\.')}\\): ${t.config.publicUrl}/ops/enroll\\?token=[A-Za-z0-9_-]{43}$`,
        ),
      ) as string,
    ]);
    expect((await run('add', 'rita@example.com', '--role', 'admin')).lines).toEqual([
      OpsMessages.operators.exists,
    ]);
    const listed = await run('list');
    expect(listed.lines).toContainEqual(
      expect.stringMatching(/^rita@example\.com\treviewer\tinvited\t/),
    );

    const reset = await run('reset', 'rita@example.com');
    expect(reset.exitCode).toBe(0);
    expect(reset.lines[0]).toMatch(/^Enrollment link/);
    const disabled = await run('disable', 'rita@example.com');
    expect(disabled.lines).toEqual(['Disabled rita@example.com; their sessions ended.']);
    expect((await run('list')).lines).toContainEqual(
      expect.stringMatching(/^rita@example\.com\treviewer\tdisabled\t/),
    );
  });

  it('answers 2 with the usage for a bad role or bad arguments, 1 for an unknown operator', async () => {
    for (const args of [
      ['add', 'x@example.com', '--role', 'root'],
      ['add', 'x@example.com'],
      ['add', 'nobody'],
      ['remove', 'x@example.com'],
      [],
    ]) {
      const result = await run(...args);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.lines[0]).toMatch(
        /^usage: admin operators add EMAIL --role reviewer\|support\|admin/,
      );
    }
    expect((await run('disable', 'ghost@example.com')).exitCode).toBe(1);
  });

  it('adds, resets and disables while the running server is in a write transaction', async () => {
    // A read first would make SQLite refuse the command at once ("database is locked") when
    // the other process commits before the command's write: its snapshot is then stale.
    for (const args of [
      ['add', 'busy@example.com', '--role', 'support'],
      ['reset', 'busy@example.com'],
      ['disable', 'busy@example.com'],
    ]) {
      const server = await holdWrite(t, 300);
      expect((await run(...args)).exitCode, args[0]).toBe(0);
      await server.done;
    }
  });

  it('a reset does not enable a disabled operator: refused, and the operator stays out', async () => {
    const operator = await signedInOperator(t, 'support');
    expect((await run('disable', operator.email)).exitCode).toBe(0);
    const reset = await run('reset', operator.email);
    expect(reset).toEqual({ lines: [OpsMessages.operators.resetDisabled], exitCode: 1 });
    const listed = await run('list');
    expect(listed.lines.find((line) => line.startsWith(`${operator.email}\t`))).toContain(
      '\tdisabled\t',
    );
    const row = await t.db.kysely
      .selectFrom('operators')
      .select(['disabledAt', 'passwordHash', 'enrollmentTokenHash'])
      .where('email', '=', operator.email)
      .executeTakeFirstOrThrow();
    expect(row.disabledAt).not.toBeNull();
    expect(row.passwordHash).not.toBeNull();
    expect(row.enrollmentTokenHash).toBeNull();
  });

  it('a reset link replaces the old one and ends the sessions', async () => {
    const operator = await signedInOperator(t, 'support');
    expect((await run('reset', operator.email)).exitCode).toBe(0);
    expect((await operator.client.json('GET', OpsApiPaths.session)).status).toBe(401);
  });
});

describe(`operators in the console (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('an admin adds, lists, resets and disables operators; not itself', async () => {
    const admin = await signedInOperator(t, 'admin');
    const added = await admin.client.json<EnrollmentLinkResponse>('POST', OpsApiPaths.operators, {
      json: { email: 'sam@example.com', role: 'support' },
    });
    expect(added.status).toBe(201);
    expect(added.body.enrollmentUrl).toMatch(/\/ops\/enroll\?token=/);
    expect(added.headers.get('cache-control')).toBe('no-store');
    const list = await admin.client.json<OperatorListResponse>('GET', OpsApiPaths.operators);
    expect(list.body.operators).toContainEqual(
      expect.objectContaining({ email: 'sam@example.com', role: 'support', state: 'invited' }),
    );
    const reset = await admin.client.json<EnrollmentLinkResponse>(
      'POST',
      OpsApiPaths.operatorReset(added.body.operatorId),
    );
    expect(reset.body.enrollmentUrl).not.toBe(added.body.enrollmentUrl);
    const disabled = await admin.client.json(
      'POST',
      OpsApiPaths.operatorDisable(added.body.operatorId),
    );
    expect(disabled.body).toEqual({ message: OpsMessages.operators.disabledDone });
    const self = await admin.client.json<{ operator: { id: string } }>('GET', OpsApiPaths.session);
    const selfDisable = await admin.client.json(
      'POST',
      OpsApiPaths.operatorDisable(self.body.operator.id),
    );
    expect(selfDisable.status).toBe(409);
    expect(selfDisable.body).toMatchObject({ message: OpsMessages.operators.cannotDisableSelf });
  });

  it('the audit cannot be changed or deleted, even in SQL', async () => {
    await addOperator(t, 'reviewer');
    await expect(
      t.db.kysely.updateTable('operatorAudit').set({ reason: 'edited' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.kysely.deleteFrom('operatorAudit').execute()).rejects.toThrow(/append-only/);
  });
});
