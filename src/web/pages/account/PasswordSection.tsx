import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { accountApi } from '../../api/account-api.js';
import { ApiError, errorMessage } from '../../api/http.js';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { InfoTooltip } from '../../ui/InfoTooltip.js';
import { notify } from '../../ui/notify.js';
import { PasswordField } from '../../ui/PasswordField.js';
import { PasswordFormSchema, type PasswordForm } from './account-forms.js';
import styles from './account-page.module.css';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', repeatPassword: '' };

/** The current password, then a new one under the sign-up policy; other devices sign out. */
export function PasswordSection() {
  const [isChanging, setIsChanging] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isValid },
  } = useForm<PasswordForm>({
    resolver: zodResolver(PasswordFormSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });

  const change = handleSubmit(async (form) => {
    setIsChanging(true);
    try {
      const answer = await accountApi.changePassword({
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      reset(EMPTY);
      notify.success(answer.message);
    } catch (error) {
      if (error instanceof ApiError && error.body.field === 'currentPassword') {
        setError('currentPassword', { message: error.message });
        setFocus('currentPassword');
      } else {
        notify.error(errorMessage(error));
      }
    } finally {
      setIsChanging(false);
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
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
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
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          label={Messages.account.repeatPasswordLabel}
          autoComplete="new-password"
          error={errors.repeatPassword?.message}
          {...register('repeatPassword')}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={!isValid || isChanging} isLoading={isChanging}>
            {Messages.account.changePassword}
          </Button>
        </div>
      </form>
    </section>
  );
}
