import { describe, expect, it, vi } from 'vitest';
import { Messages } from '../../../contract/messages.js';
import { memoizeCodeCheck, resetFormSchema } from './reset-form.js';

const GOOD = { code: '123456', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' };

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe('the reset form', () => {
  it('accepts a live code and a policy password', async () => {
    const check = vi.fn(() => Promise.resolve(true));
    expect((await resetFormSchema(check).safeParseAsync(GOOD)).success).toBe(true);
    expect(check).toHaveBeenCalledWith('123456');
  });

  it("says 'Invalid code.' when the server refuses the code", async () => {
    const result = await resetFormSchema(() => Promise.resolve(false)).safeParseAsync(GOOD);
    expect(messages(result)).toEqual([Messages.resetPassword.codeInvalid]);
  });

  it('never asks the server about an incomplete code', async () => {
    const check = vi.fn(() => Promise.resolve(true));
    const result = await resetFormSchema(check).safeParseAsync({ ...GOOD, code: '123' });
    expect(messages(result)).toEqual([Messages.resetPassword.codeFormat]);
    expect(check).not.toHaveBeenCalled();
  });

  it('holds the sign-up policy and the confirmation', async () => {
    const schema = resetFormSchema(() => Promise.resolve(true));
    expect(
      messages(
        await schema.safeParseAsync({ ...GOOD, password: 'short1!A', confirmPassword: 'short1!A' }),
      ),
    ).toEqual([Messages.resetPassword.passwordInvalid]);
    expect(
      messages(await schema.safeParseAsync({ ...GOOD, confirmPassword: 'Other0!pass' })),
    ).toEqual([Messages.resetPassword.passwordsDoNotMatch]);
  });

  it('asks about each distinct code once, since wrong answers count against the code', async () => {
    const check = vi.fn((code: string) => Promise.resolve(code === '654321'));
    const memo = memoizeCodeCheck(check);
    expect(await memo('111111')).toBe(false);
    expect(await memo('111111')).toBe(false);
    expect(await memo('654321')).toBe(true);
    expect(check).toHaveBeenCalledTimes(2);
  });
});
