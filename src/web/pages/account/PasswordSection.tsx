import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { accountApi } from '../../api/account-api.js';
import { ApiError, errorMessage } from '../../api/http.js';
import { schemaValidate } from '../../forms/schema-validate.js';
import { useForm } from '../../forms/use-form.js';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { InfoTooltip } from '../../ui/InfoTooltip.js';
import { notify } from '../../ui/notify.js';
import { PasswordField } from '../../ui/PasswordField.js';
import { EMPTY_PASSWORDS, PasswordFormSchema, type PasswordForm } from './account-forms.js';
import styles from './account-page.module.css';

const validatePasswords = schemaValidate<typeof EMPTY_PASSWORDS, PasswordForm>(PasswordFormSchema);

/** The current password, then a new one under the sign-up policy; other devices sign out. */
export function PasswordSection() {
  const { errors, isValid, isSubmitting, field, handleSubmit, reset, setServerError, focus } =
    useForm({
      initialValues: EMPTY_PASSWORDS,
      validate: validatePasswords,
      showErrorsAfter: 'change',
    });

  const change = handleSubmit(async (form) => {
    try {
      const answer = await accountApi.changePassword({
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      reset(EMPTY_PASSWORDS);
      notify.success(answer.message);
    } catch (error) {
      if (error instanceof ApiError && error.body.field === 'currentPassword') {
        setServerError('currentPassword', error.message);
        focus('currentPassword');
      } else {
        notify.error(errorMessage(error));
      }
    }
  });

  return (
    <section className={styles.panel} aria-labelledby="password-title">
      <h2 id="password-title">{Messages.account.passwordTitle}</h2>
      <p className={styles.lead}>{Messages.account.passwordLead}</p>
      <form className={formStyles.form} onSubmit={(event) => void change(event)} noValidate>
        <PasswordField
          label={Messages.account.currentPasswordLabel}
          autoComplete="current-password"
          error={errors.currentPassword}
          {...field('currentPassword')}
        />
        <PasswordField
          label={Messages.account.newPasswordLabel}
          labelAddon={
            <InfoTooltip
              label={Messages.account.passwordPolicyLabel}
              text={Messages.signup.passwordTooltip}
            />
          }
          autoComplete="new-password"
          maxLength={Limits.passwordMaxLength}
          error={errors.newPassword}
          {...field('newPassword')}
        />
        <PasswordField
          label={Messages.account.repeatPasswordLabel}
          autoComplete="new-password"
          error={errors.repeatPassword}
          {...field('repeatPassword')}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={!isValid || isSubmitting} isLoading={isSubmitting}>
            {Messages.account.changePassword}
          </Button>
        </div>
      </form>
    </section>
  );
}
