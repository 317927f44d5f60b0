import * as z from 'zod/mini';
import { ResetRequestSchema, type CodeCheckResponse } from '../../../contract/auth.js';
import type { ErrorCode } from '../../../contract/error-codes.js';
import { Messages } from '../../../contract/messages.js';
import { isValidCode, isValidPassword } from '../../../contract/rules.js';
import { hasErrorCode } from '../../api/http.js';
import { whenStrings } from '../../ui/form-checks.js';

/**
 * Asks the server whether a complete code is the live reset code: true or false, or null when
 * it gave no answer (the network failed, or a 429), so the field is not marked wrong.
 */
export type ResetCodeCheck = (code: string) => Promise<boolean | null>;

// The check's answers that judge the code itself (docs/decisions/007-reset-code-check.md).
const WRONG_CODE: readonly ErrorCode[] = [
  'code_invalid',
  'code_expired',
  'code_attempts_exhausted',
];

/**
 * The reset form: the request's code with the async validity check ('Invalid code.'), the
 * sign-up password policy (docs/product.md section 12) with the reset screen's texts, and the confirmation.
 */
export function resetFormSchema(isLiveCode: ResetCodeCheck) {
  return z
    .object({
      code: ResetRequestSchema.shape.code.check(
        z.refine(
          async (code) => !isValidCode(code) || (await isLiveCode(code)) !== false,
          Messages.resetPassword.codeInvalid,
        ),
      ),
      password: z.string().check(z.refine(isValidPassword, Messages.resetPassword.passwordInvalid)),
      confirmPassword: z.string(),
    })
    .check(
      z.refine((form) => form.confirmPassword === form.password, {
        path: ['confirmPassword'],
        error: Messages.resetPassword.passwordsDoNotMatch,
        when: whenStrings('password', 'confirmPassword'),
      }),
    );
}

export type ResetForm = z.infer<ReturnType<typeof resetFormSchema>>;

/**
 * Checks each distinct code once, since every wrong answer counts against the code's tries;
 * only the server's verdict is remembered, so a code asked during an outage is asked again.
 */
export function resetCodeCheck(ask: (code: string) => Promise<CodeCheckResponse>): ResetCodeCheck {
  const verdicts = new Map<string, Promise<boolean | null>>();
  return (code) => {
    let verdict = verdicts.get(code);
    if (verdict === undefined) {
      verdict = ask(code).then(
        (answer) => answer.valid,
        (error: unknown) => (hasErrorCode(error, ...WRONG_CODE) ? false : null),
      );
      verdicts.set(code, verdict);
      void verdict.then((answer) => {
        if (answer === null) verdicts.delete(code);
      });
    }
    return verdict;
  };
}
