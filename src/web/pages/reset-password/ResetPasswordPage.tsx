import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { authApi } from '../../api/auth-api.js';
import { asyncSchemaValidate } from '../../forms/schema-validate.js';
import { useForm } from '../../forms/use-form.js';
import { storedEmail } from '../../session/session.js';
import cardStyles from '../../ui/auth-card.module.css';
import { Button } from '../../ui/Button.js';
import { CodeInput } from '../../ui/CodeInput.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { useAction } from '../../ui/use-action.js';
import { PasswordField } from '../../ui/PasswordField.js';
import { resetCodeCheck, resetFormSchema, type ResetForm } from './reset-form.js';

const PASSWORD_HINT = `${Limits.passwordMinLength} to ${Limits.passwordMaxLength} characters with an uppercase and a lowercase letter, a number and a special character.`;

const initialValues = { code: '', password: '', confirmPassword: '' };
type ResetValues = typeof initialValues;

/** docs/product.md section 2, /reset-password: code, new password, confirmation; Submit and Resend Code. */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const email = storedEmail();
  const validate = useMemo(
    () =>
      asyncSchemaValidate<ResetValues, ResetForm>(
        resetFormSchema(resetCodeCheck((code) => authApi.checkResetCode(email, code))),
      ),
    [email],
  );
  const { errors, isValid, field, control, handleSubmit } = useForm({
    initialValues,
    validate,
    showErrorsAfter: 'change',
    dependents: { password: ['confirmPassword'] },
  });

  const reset = useAction(async ({ code, password }: ResetForm) => {
    await authApi.resetPassword({ email, code, password });
    notify.success(Messages.resetPassword.success);
    await navigate(ClientPaths.login);
  });
  const submit = handleSubmit(reset.run);
  const resend = useAction(async () => {
    await authApi.forgotPassword(email);
    notify.success(Messages.forgotPassword.codeSent);
  });

  return (
    <div className={cardStyles.page}>
      <section className={cardStyles.card} aria-labelledby="reset-title">
        <Link to={ClientPaths.forgotPassword} className={cardStyles.back}>
          <ArrowLeft aria-hidden="true" size={18} /> Back
        </Link>
        <h1 id="reset-title">Reset password</h1>
        <p className={cardStyles.lead}>
          Enter the code we sent to <strong>{email}</strong> and choose a new password.
        </p>
        <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
          <CodeInput label="Code" error={errors.code} {...control('code')} />
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            error={errors.password}
            {...field('password')}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            error={errors.confirmPassword}
            {...field('confirmPassword')}
          />
          <div className={cardStyles.row}>
            <Button
              type="submit"
              disabled={!isValid || reset.isRunning}
              isLoading={reset.isRunning}
            >
              Submit
            </Button>
            <Button
              variant="secondary"
              onClick={() => void resend.run()}
              disabled={resend.isRunning}
              isLoading={resend.isRunning}
            >
              Resend Code
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
