import { useState } from 'react';
import { PasskeyMessages } from '../../../contract/messages-passkeys.js';
import { errorMessage } from '../../api/api-error.js';
import { Button } from '../../ui/Button.js';
import { notify } from '../../ui/notify.js';
import styles from './login-page.module.css';
import { useFinishSignIn } from './use-finish-sign-in.js';

/**
 * Sign-in by a passkey alone, where the broker allows it (DEVELOPER_PASSKEY_SIGNIN=on,
 * docs/decisions/067-developer-passkeys.md): the browser offers the passkeys it holds for
 * this portal, and a user-verified one is both factors.
 */
export function PasskeySignIn() {
  const finish = useFinishSignIn();
  const [isBusy, setIsBusy] = useState(false);

  const signIn = async () => {
    setIsBusy(true);
    try {
      // The WebAuthn library comes only when a passkey is used.
      const { passkeysApi } = await import('../../api/passkeys-api.js');
      await finish(await passkeysApi.signIn());
    } catch (failure) {
      notify.alert(errorMessage(failure));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      className={styles.flowButton}
      disabled={isBusy}
      isLoading={isBusy}
      onClick={() => void signIn()}
    >
      {PasskeyMessages.signInWithPasskey}
    </Button>
  );
}
