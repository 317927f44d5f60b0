import { CircleCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ClientPaths } from '../../../contract/routes.js';
import type { SignInChallenge } from '../../../contract/two-factor.js';
import { authApi, isChallenge } from '../../api/auth-api.js';
import { errorMessage } from '../../api/http.js';
import { clientCodeOf } from '../../session/session.js';
import { StorageKeys } from '../../session/storage.js';
import { notify } from '../../ui/notify.js';
import { useFinishSignIn } from '../login/use-finish-sign-in.js';
import styles from './flow-login-callback-page.module.css';

// Asked only when the account has a second factor and the provider's login named none.
const SecondFactorStep = lazy(async () => ({
  default: (await import('../login/SecondFactorStep.js')).SecondFactorStep,
}));

/** docs/product.md section 4, flow callback: exchange `auth` for a session, then My Apps. */
export default function FlowLoginCallbackPage() {
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [searchParams] = useSearchParams();
  const auth = searchParams.get('auth');
  const state = searchParams.get('state') ?? '';
  // A hand-off token is accepted once: never exchange it twice for one visit.
  const hasStarted = useRef(false);
  const [challenge, setChallenge] = useState<SignInChallenge['user_status'] | null>(null);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (auth === null || auth === '') {
      void navigate(ClientPaths.login, { replace: true });
      return;
    }
    authApi
      .loginWithFlow(auth, state)
      .then(async (response) => {
        const clientCode = clientCodeOf(auth);
        if (clientCode !== null) localStorage.setItem(StorageKeys.clientCode, clientCode);
        if (isChallenge(response)) {
          setChallenge(response.user_status);
        } else {
          await finishSignIn(response, { replace: true });
        }
      })
      .catch(async (error: unknown) => {
        notify.error(errorMessage(error), ClientPaths.login);
        await navigate(ClientPaths.login, { replace: true });
      });
  }, [auth, state, navigate, finishSignIn]);

  if (challenge !== null) {
    return (
      <Suspense fallback={null}>
        <SecondFactorStep
          challenge={challenge}
          onRestart={() => void navigate(ClientPaths.login, { replace: true })}
        />
      </Suspense>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="flow-title">
      <CircleCheck className={styles.tick} aria-hidden="true" size={64} />
      <h1 id="flow-title">Signing you in…</h1>
    </section>
  );
}
