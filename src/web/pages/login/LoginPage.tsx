import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiPaths } from '../../../contract/api-paths.js';
import type { SigninRequest } from '../../../contract/auth.js';
import { mentionsLegacyDomain } from '../../../contract/brand.js';
import { EmailChecks, LoginPasswordChecks } from '../../../contract/field-checks.js';
import { Limits } from '../../../contract/limits.js';
import { SignedOutMessages as Messages } from '../../../contract/messages-signed-out.js';
import { ClientPaths } from '../../../contract/routes.js';
import { authApi, isChallenge } from '../../api/auth-api.js';
import type { SignInChallenge } from '../../../contract/two-factor.js';
import { errorMessage, hasErrorCode } from '../../api/api-error.js';
import { useBrand } from '../../brand.js';
import { checksValidate } from '../../forms/checks-validate.js';
import { useForm } from '../../forms/use-form.js';
import { rememberEmail } from '../../session/session.js';
import cardStyles from '../../ui/auth-card.module.css';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { PasswordField } from '../../ui/PasswordField.js';
import { TextField } from '../../ui/TextField.js';
import { useMediaQuery } from '../../ui/use-media-query.js';
import styles from './login-page.module.css';
import { useFinishSignIn } from './use-finish-sign-in.js';

// Shown only to visitors from a legacy address, so fetched only for them (decision 029).
const RebrandingNotice = lazy(async () => ({
  default: (await import('./RebrandingNotice.js')).RebrandingNotice,
}));

// Asked only of accounts with a second factor, so fetched only for them.
const SecondFactorStep = lazy(async () => ({
  default: (await import('./SecondFactorStep.js')).SecondFactorStep,
}));

// Offered only where the broker allows a passkey alone, so fetched only there.
const PasskeySignIn = lazy(async () => ({
  default: (await import('./PasskeySignIn.js')).PasskeySignIn,
}));

const validateSignin = checksValidate<SigninRequest>({
  email: EmailChecks,
  password: LoginPasswordChecks,
});

export default function LoginPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [challenge, setChallenge] = useState<SignInChallenge['user_status'] | null>(null);
  const [searchParams] = useSearchParams();
  const loc = searchParams.get('loc');
  const isFromLegacyAddress = loc !== null && mentionsLegacyDomain(loc, brand.legacyDomains);
  const [isNoticeOpen, setIsNoticeOpen] = useState(isFromLegacyAddress);
  const isDesktop = useMediaQuery(`(min-width: ${Limits.desktopMinWidth}px)`);
  const [clicks, setClicks] = useState(0);
  const isBlocked = clicks > Limits.signInClicksAllowed;
  const unblockTimer = useRef<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  // Closing the rebranding notice leaves focus on the form's first field, not on the page.
  const closeNotice = () => {
    setIsNoticeOpen(false);
    formRef.current?.querySelector('input')?.focus();
  };
  useEffect(() => () => window.clearTimeout(unblockTimer.current), []);
  const { errors, field, handleSubmit, isSubmitting } = useForm({
    initialValues: { email: '', password: '' },
    validate: validateSignin,
    showErrorsAfter: 'blur',
  });

  // docs/product.md section 4: after more than 2 clicks the button is disabled, with an info
  // notice; 'try again later' comes true once the pause is over, without a reload.
  const countClick = (event: MouseEvent<HTMLButtonElement>) => {
    const next = clicks + 1;
    setClicks(next);
    if (next > Limits.signInClicksAllowed) {
      event.preventDefault();
      notify.info(Messages.login.tooManyClicks);
      unblockTimer.current = window.setTimeout(() => setClicks(0), Limits.signInClickPauseMs);
    }
  };

  const startOtpFlow = async (email: string) => {
    rememberEmail(email);
    try {
      await authApi.sendConfirmation(email);
      notify.success(Messages.otp.sent);
      await navigate(ClientPaths.verifyOtp);
    } catch (error) {
      // A code went out under a minute ago (right after sign-up): that code still works.
      if (hasErrorCode(error, 'code_resend_too_soon')) {
        notify.info(Messages.otp.recentCodeWorks);
        await navigate(ClientPaths.verifyOtp);
      } else {
        notify.error(errorMessage(error));
      }
    }
  };

  const signIn = handleSubmit(async (values) => {
    try {
      const response = await authApi.signin(values);
      if (isChallenge(response)) setChallenge(response.user_status);
      else await finishSignIn(response);
    } catch (error) {
      if (hasErrorCode(error, 'developer_not_verified')) {
        await startOtpFlow(values.email);
      } else {
        notify.alert(errorMessage(error));
      }
    }
  });

  // The server sets this browser's hand-off state, then sends it on to the provider.
  const startFlowLogin = () => {
    window.location.assign(ApiPaths.flowStart);
  };

  if (challenge !== null) {
    return (
      <div className={styles.layout}>
        <Suspense fallback={null}>
          <SecondFactorStep challenge={challenge} onRestart={() => setChallenge(null)} />
        </Suspense>
      </div>
    );
  }

  return (
    <div className={styles.layout}>
      {isDesktop && (
        <aside className={styles.sidebar} aria-label="About the APIs">
          <p className={styles.tagline}>{Messages.marketing.tagline}</p>
          <ul className={styles.points}>
            <li>Orders, positions and holdings over REST</li>
            <li>Live market data and order updates to your postback URL</li>
            <li>Static-IP allowlists as the regulator requires</li>
          </ul>
        </aside>
      )}
      <section className={cardStyles.card} aria-labelledby="login-title">
        <h1 id="login-title">Login</h1>
        {!isDesktop && <p className={cardStyles.lead}>{Messages.marketing.tagline}</p>}
        <form
          ref={formRef}
          className={formStyles.form}
          onSubmit={(event) => void signIn(event)}
          noValidate
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email}
            {...field('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password}
            {...field('password')}
          />
          <div className={cardStyles.row}>
            <Link to={ClientPaths.forgotPassword}>Forgot password?</Link>
          </div>
          <Button
            type="submit"
            onClick={countClick}
            disabled={isBlocked || isSubmitting}
            isLoading={isSubmitting}
          >
            Sign in
          </Button>
        </form>
        {brand.passkeySignIn && (
          <Suspense fallback={null}>
            <PasskeySignIn />
          </Suspense>
        )}
        {brand.flowLoginUrl !== null && (
          <Button variant="secondary" className={styles.flowButton} onClick={startFlowLogin}>
            {Messages.login.loginWithProduct(brand.productName)}
          </Button>
        )}
        <p className={cardStyles.footnote}>
          New here? <Link to={ClientPaths.signup}>Create a developer account</Link>
        </p>
        <p className={cardStyles.footnote}>
          Need help?{' '}
          <a href={brand.supportUrl} target="_blank" rel="noopener">
            Contact support
          </a>
        </p>
      </section>
      {isFromLegacyAddress && (
        <Suspense fallback={null}>
          <RebrandingNotice isOpen={isNoticeOpen} onClose={closeNotice} />
        </Suspense>
      )}
    </div>
  );
}
