import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Profile } from '../../../contract/account.js';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { IndianStates, isIndianState } from '../../../contract/states.js';
import { accountApi, accountKeys } from '../../api/account-api.js';
import { ApiError, errorMessage } from '../../api/http.js';
import { rememberProfile } from '../../session/signed-in-developer.js';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { FieldMessages, TextField, useFieldIds } from '../../ui/TextField.js';
import {
  profileFormOf,
  ProfileFormSchema,
  toProfileRequest,
  type ProfileForm,
} from './account-forms.js';
import styles from './account-page.module.css';
import hidden from '../../ui/visually-hidden.module.css';

const FIELDS: readonly string[] = ['name', 'mobile', 'state'] satisfies (keyof ProfileForm)[];

function isProfileField(field: unknown): field is keyof ProfileForm {
  return typeof field === 'string' && FIELDS.includes(field);
}

/**
 * Name, mobile and state under the sign-up rules; the e-mail is shown, not editable. Without
 * a profile (still loading) the same fields show empty and disabled, so the panel keeps its
 * size (issue 10: no layout shift when the data arrives).
 */
export function ProfileSection({ profile }: { profile: Profile | undefined }) {
  const isLoading = profile === undefined;
  const queryClient = useQueryClient();
  const [isSaving, setIsSaving] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid, isDirty },
  } = useForm<ProfileForm>({
    resolver: zodResolver(ProfileFormSchema),
    mode: 'onChange',
    defaultValues: profile === undefined ? {} : profileFormOf(profile),
  });
  const stateIds = useFieldIds(errors.state?.message, undefined);

  const save = handleSubmit(async (form) => {
    setIsSaving(true);
    try {
      const answer = await accountApi.updateProfile(toProfileRequest(form));
      queryClient.setQueryData(accountKeys.profile, answer);
      rememberProfile(answer.profile);
      reset(profileFormOf(answer.profile));
      notify.success(answer.message);
    } catch (error) {
      const field = error instanceof ApiError ? error.body.field : undefined;
      if (isProfileField(field)) setError(field, { message: errorMessage(error) });
      else notify.error(errorMessage(error));
    } finally {
      setIsSaving(false);
    }
  });

  return (
    <section className={styles.panel} aria-labelledby="profile-title" aria-busy={isLoading}>
      <h2 id="profile-title">{Messages.account.profileTitle}</h2>
      {isLoading && (
        <p role="status" className={hidden.visuallyHidden}>
          {Messages.account.loadingProfile}
        </p>
      )}
      <form className={formStyles.form} onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label={Messages.account.emailLabel}
          type="email"
          value={profile?.email ?? ''}
          readOnly
          disabled={isLoading}
          hint={Messages.account.emailHint}
        />
        <TextField
          label={Messages.account.nameLabel}
          autoComplete="name"
          disabled={isLoading}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={Messages.account.mobileLabel(Limits.mobilePrefix)}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={Limits.mobileDigits}
          disabled={isLoading}
          error={errors.mobile?.message}
          {...register('mobile')}
        />
        <div className={formStyles.field}>
          <label htmlFor={stateIds.id} className={formStyles.label}>
            {Messages.account.stateLabel}
          </label>
          {/* Controlled: the stored state shows even when the list renders after the data. */}
          <Controller
            control={control}
            name="state"
            render={({ field }) => (
              <select
                className={formStyles.select}
                {...stateIds.inputProps}
                {...field}
                disabled={isLoading}
                // Unset when the stored state is not in the list: shown as "select".
                value={isIndianState(field.value) ? field.value : ''}
              >
                <option value="">{Messages.account.statePlaceholder}</option>
                {IndianStates.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </select>
            )}
          />
          <FieldMessages
            error={errors.state?.message}
            errorId={stateIds.errorId}
            hintId={stateIds.hintId}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" disabled={!isValid || !isDirty || isSaving} isLoading={isSaving}>
            {Messages.account.saveProfile}
          </Button>
        </div>
      </form>
    </section>
  );
}
