import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ClientPaths } from '../../../contract/routes.js';
import { authApi, isChallenge } from '../../api/auth-api.js';
import { errorMessage } from '../../api/http.js';
import { clientCodeOf } from '../../session/session.js';
import { StorageKeys } from '../../session/storage.js';
import { notify } from '../../ui/notify.js';
import { useFinishSignIn } from '../login/use-finish-sign-in.js';
import styles from './flow-login-callback-page.module.css';

/** docs/product.md section 4, flow callback: exchange `auth` for a session, then My Apps. */
export default function FlowLoginCallbackPage() {
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [searchParams] = useSearchParams();
  const auth = searchParams.get('auth');
  const state = searchParams.get('state') ?? '';
  // A hand-off token is accepted once: never exchange it twice for one visit.
  const hasStarted = useRef(false);

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
        // A second factor is asked: the login page's second step takes the challenge.
        if (isChallenge(response)) {
          await navigate(ClientPaths.login, {
            replace: true,
            state: { secondFactorSession: response.user_status.Session },
          });
        } else {
          await finishSignIn(response, { replace: true });
        }
      })
      .catch(async (error: unknown) => {
        notify.error(errorMessage(error), ClientPaths.login);
        await navigate(ClientPaths.login, { replace: true });
      });
  }, [auth, state, navigate, finishSignIn]);

  return (
    <section className={styles.page} aria-labelledby="flow-title">
      <CircleCheck className={styles.tick} aria-hidden="true" size={64} />
      <h1 id="flow-title">Signing you in…</h1>
    </section>
  );
}
