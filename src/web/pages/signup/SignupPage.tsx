import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { IndianStates } from '../../../contract/states.js';
import { authApi } from '../../api/auth-api.js';
import { errorMessage, hasErrorCode } from '../../api/api-error.js';
import { useBrand } from '../../brand.js';
import { schemaValidate } from '../../forms/schema-validate.js';
import { useForm } from '../../forms/use-form.js';
import { rememberEmail } from '../../session/session.js';
import cardStyles from '../../ui/auth-card.module.css';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { InfoTooltip } from '../../ui/InfoTooltip.js';
import { notify } from '../../ui/notify.js';
import { PasswordField } from '../../ui/PasswordField.js';
import { FieldMessages, TextField, useFieldIds } from '../../ui/TextField.js';
import { useMediaQuery } from '../../ui/use-media-query.js';
import { SignupFormSchema, toSignupRequest, type SignupForm } from './signup-form.js';
import styles from './signup-page.module.css';

const initialValues = {
  email: '',
  name: '',
  password: '',
  repeatPassword: '',
  mobile: '',
  state: '',
  acceptsTerms: true,
};

const validateSignup = schemaValidate<typeof initialValues, SignupForm>(SignupFormSchema);

export default function SignupPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const isDesktop = useMediaQuery(`(min-width: ${Limits.desktopMinWidth}px)`);
  const { errors, isValid, isSubmitting, field, checkbox, handleSubmit } = useForm({
    initialValues,
    validate: validateSignup,
    showErrorsAfter: 'change',
  });
  const stateIds = useFieldIds(errors.state, undefined);
  const termsIds = useFieldIds(errors.acceptsTerms, undefined);

  const signUp = handleSubmit(async (form) => {
    try {
      await authApi.signup(toSignupRequest(form));
      rememberEmail(form.email);
      notify.success(Messages.signup.success);
      await navigate(ClientPaths.verifyOtp);
    } catch (error) {
      if (hasErrorCode(error, 'developer_exists')) {
        notify.info(error.message);
        await navigate(ClientPaths.login);
      } else {
        // docs/product.md section 8: a failed sign-up request shows an info notice.
        notify.info(errorMessage(error));
      }
    }
  });

  const notice = (
    <div className={styles.notice}>
      <div className={formStyles.checkbox}>
        <input type="checkbox" {...termsIds.inputProps} {...checkbox('acceptsTerms')} />
        <label htmlFor={termsIds.id}>
          I agree to the{' '}
          <a href={brand.disclaimerUrl} target="_blank" rel="noopener">
            terms and disclaimer
          </a>{' '}
          and the{' '}
          <a href={brand.privacyUrl} target="_blank" rel="noopener">
            privacy policy
          </a>
          .
        </label>
      </div>
      <FieldMessages
        error={errors.acceptsTerms}
        errorId={termsIds.errorId}
        hintId={termsIds.hintId}
      />
      <p className={styles.risk}>
        Investments in securities markets are subject to market risks; read all related documents
        carefully before investing. API access does not guarantee returns.
      </p>
    </div>
  );
  const submit = (
    <Button
      type="submit"
      disabled={!isValid || isSubmitting}
      isLoading={isSubmitting}
      className={styles.submit}
    >
      Sign Up
    </Button>
  );

  return (
    <div className={cardStyles.page}>
      <section className={`${cardStyles.card} ${styles.card}`} aria-labelledby="signup-title">
        <Link to={ClientPaths.root} className={cardStyles.back}>
          <ArrowLeft aria-hidden="true" size={18} /> Back
        </Link>
        <h1 id="signup-title">Sign Up</h1>
        <p className={cardStyles.lead}>Create your {brand.productName} developer account.</p>
        <form className={formStyles.form} onSubmit={(event) => void signUp(event)} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email}
            {...field('email')}
          />
          <TextField label="Name" autoComplete="name" error={errors.name} {...field('name')} />
          <PasswordField
            label="Password"
            labelAddon={
              <InfoTooltip label="Password policy" text={Messages.signup.passwordTooltip} />
            }
            autoComplete="new-password"
            maxLength={Limits.passwordMaxLength}
            error={errors.password}
            {...field('password')}
          />
          <PasswordField
            label="Repeat password"
            autoComplete="new-password"
            error={errors.repeatPassword}
            {...field('repeatPassword')}
          />
          <TextField
            label={`Phone number (${Limits.mobilePrefix})`}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={Limits.mobileDigits}
            error={errors.mobile}
            {...field('mobile')}
          />
          <div className={formStyles.field}>
            <label htmlFor={stateIds.id} className={formStyles.label}>
              State of residence
            </label>
            <select className={formStyles.select} {...stateIds.inputProps} {...field('state')}>
              <option value="">Select your state</option>
              {IndianStates.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
            <FieldMessages
              error={errors.state}
              errorId={stateIds.errorId}
              hintId={stateIds.hintId}
            />
          </div>
          {isDesktop ? (
            <div className={styles.desktopActions}>
              {notice}
              {submit}
            </div>
          ) : (
            <div className={styles.mobileActions}>
              {submit}
              {notice}
            </div>
          )}
        </form>
        <p className={cardStyles.footnote}>
          Already registered? <Link to={ClientPaths.login}>Sign in</Link>
        </p>
      </section>
    </div>
  );
}
