import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { authApi } from '../../api/auth-api.js';
import { errorMessage } from '../../api/http.js';
import { clientCodeOf, storeSession } from '../../session/session.js';
import { StorageKeys } from '../../session/storage.js';
import { notify } from '../../ui/notify.js';
import styles from './flow-login-callback-page.module.css';

/** docs/product.md section 4, flow callback: exchange `auth` for a session, then My Apps. */
export default function FlowLoginCallbackPage() {
  const navigate = useNavigate();
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
        storeSession(response);
        const clientCode = clientCodeOf(auth);
        if (clientCode !== null) localStorage.setItem(StorageKeys.clientCode, clientCode);
        notify.success(Messages.login.success);
        await navigate(ClientPaths.myApps, { replace: true });
      })
      .catch(async (error: unknown) => {
        notify.error(errorMessage(error), ClientPaths.login);
        await navigate(ClientPaths.login, { replace: true });
      });
  }, [auth, state, navigate]);

  return (
    <section className={styles.page} aria-labelledby="flow-title">
      <CircleCheck className={styles.tick} aria-hidden="true" size={64} />
      <h1 id="flow-title">Signing you in…</h1>
    </section>
  );
}
