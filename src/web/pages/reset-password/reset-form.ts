import * as z from 'zod/mini';
import { ResetRequestSchema } from '../../../contract/auth.js';
import { Messages } from '../../../contract/messages.js';
import { isValidCode, isValidPassword } from '../../../contract/rules.js';
import { whenStrings } from '../../ui/form-checks.js';

/** Asks the server whether a complete code is the live reset code (false otherwise). */
export type ResetCodeCheck = (code: string) => Promise<boolean>;

/**
 * The reset form: the request's code with the async validity check ('Invalid code.'), the
 * sign-up password policy (docs/product.md section 12) with the reset screen's texts, and the confirmation.
 */
export function resetFormSchema(isLiveCode: ResetCodeCheck) {
  return z
    .object({
      code: ResetRequestSchema.shape.code.check(
        z.refine(
          async (code) => !isValidCode(code) || (await isLiveCode(code)),
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

/** Checks each distinct code once: every wrong answer counts against the code's tries. */
export function memoizeCodeCheck(check: ResetCodeCheck): ResetCodeCheck {
  const answers = new Map<string, Promise<boolean>>();
  return (code) => {
    let answer = answers.get(code);
    if (answer === undefined) {
      answer = check(code).catch(() => false);
      answers.set(code, answer);
    }
    return answer;
  };
}
