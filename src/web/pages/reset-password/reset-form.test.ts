import { describe, expect, it, vi } from 'vitest';
import { Messages } from '../../../contract/messages.js';
import { ApiError } from '../../api/http.js';
import { resetCodeCheck, resetFormSchema } from './reset-form.js';

const wrong = new ApiError(400, Messages.auth.codeInvalid, { code: 'code_invalid', valid: false });

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
    const ask = vi.fn((code: string) =>
      code === '654321'
        ? Promise.resolve({ status: 'success' as const, message: 'ok', valid: true })
        : Promise.reject(wrong),
    );
    const check = resetCodeCheck(ask);
    expect(await check('111111')).toBe(false);
    expect(await check('111111')).toBe(false);
    expect(await check('654321')).toBe(true);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('does not remember a network failure or a 429 as a wrong code (it failed before)', async () => {
    const answers = [
      Promise.reject(new ApiError(0, 'The portal could not be reached.')),
      Promise.reject(new ApiError(429, 'Too many requests.', { code: 'rate_limited' })),
      Promise.resolve({ status: 'success' as const, message: 'ok', valid: true }),
    ];
    const ask = vi.fn(() => answers.shift() ?? Promise.reject(new Error('asked too often')));
    const check = resetCodeCheck(ask);
    const schema = resetFormSchema(check);
    expect(messages(await schema.safeParseAsync(GOOD))).toEqual([]);
    expect(messages(await schema.safeParseAsync(GOOD))).toEqual([]);
    expect(await check(GOOD.code)).toBe(true);
    expect(ask).toHaveBeenCalledTimes(3);
  });
});
