import { useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../contract/account.js';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { IndianStates } from '../../../contract/states.js';
import { accountApi, accountKeys } from '../../api/account-api.js';
import { ApiError, errorMessage } from '../../api/http.js';
import { schemaValidate } from '../../forms/schema-validate.js';
import { useForm } from '../../forms/use-form.js';
import { rememberProfile } from '../../session/signed-in-developer.js';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { FieldMessages, TextField, useFieldIds } from '../../ui/TextField.js';
import {
  EMPTY_PROFILE,
  profileFormOf,
  ProfileFormSchema,
  toProfileRequest,
  type ProfileForm,
  type ProfileValues,
} from './account-forms.js';
import styles from './account-page.module.css';
import hidden from '../../ui/visually-hidden.module.css';

const FIELDS: readonly string[] = ['name', 'mobile', 'state'] satisfies (keyof ProfileForm)[];

function isProfileField(field: unknown): field is keyof ProfileForm {
  return typeof field === 'string' && FIELDS.includes(field);
}

const validateProfile = schemaValidate<ProfileValues, ProfileForm>(ProfileFormSchema);

/**
 * Name, mobile and state under the sign-up rules; the e-mail is shown, not editable. Without
 * a profile (still loading) the same fields show empty and disabled, so the panel keeps its
 * size (no layout shift when the data arrives).
 */
export function ProfileSection({ profile }: { profile: Profile | undefined }) {
  const isLoading = profile === undefined;
  const queryClient = useQueryClient();
  const { errors, isValid, isDirty, isSubmitting, field, handleSubmit, reset, setServerError } =
    useForm({
      initialValues: profile === undefined ? EMPTY_PROFILE : profileFormOf(profile),
      validate: validateProfile,
      showErrorsAfter: 'change',
    });
  const stateIds = useFieldIds(errors.state, undefined);

  const save = handleSubmit(async (form) => {
    try {
      const answer = await accountApi.updateProfile(toProfileRequest(form));
      queryClient.setQueryData(accountKeys.profile, answer);
      rememberProfile(answer.profile);
      reset(profileFormOf(answer.profile));
      notify.success(answer.message);
    } catch (error) {
      const refused = error instanceof ApiError ? error.body.field : undefined;
      if (isProfileField(refused)) setServerError(refused, errorMessage(error));
      else notify.error(errorMessage(error));
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
          error={errors.name}
          {...field('name')}
        />
        <TextField
          label={Messages.account.mobileLabel(Limits.mobilePrefix)}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={Limits.mobileDigits}
          disabled={isLoading}
          error={errors.mobile}
          {...field('mobile')}
        />
        <div className={formStyles.field}>
          <label htmlFor={stateIds.id} className={formStyles.label}>
            {Messages.account.stateLabel}
          </label>
          <select
            className={formStyles.select}
            {...stateIds.inputProps}
            {...field('state')}
            disabled={isLoading}
          >
            <option value="">{Messages.account.statePlaceholder}</option>
            {IndianStates.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
          <FieldMessages error={errors.state} errorId={stateIds.errorId} hintId={stateIds.hintId} />
        </div>
        <div className={styles.actions}>
          <Button
            type="submit"
            disabled={!isValid || !isDirty || isSubmitting}
            isLoading={isSubmitting}
          >
            {Messages.account.saveProfile}
          </Button>
        </div>
      </form>
    </section>
  );
}
