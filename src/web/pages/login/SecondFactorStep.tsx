import { useRef, useState } from 'react';
import { PasskeyMessages } from '../../../contract/messages-passkeys.js';
import { TwoFactorMessages as text } from '../../../contract/messages-two-factor.js';
import type { SignInChallenge } from '../../../contract/two-factor.js';
import { secondFactorSignIn } from '../../api/second-factor-api.js';
import { errorMessage, hasErrorCode } from '../../api/api-error.js';
import cardStyles from '../../ui/auth-card.module.css';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { TextField } from '../../ui/TextField.js';
import { useFinishSignIn } from './use-finish-sign-in.js';

/**
 * The sign-in's second step, after the right password: a code from the authenticator app,
 * or a recovery code. Loaded only when asked (the /login bundle's budget).
 */
export function SecondFactorStep(props: {
  /** The password step's (or the hand-off's) challenge: its `Session`, and whether a passkey answers. */
  challenge: SignInChallenge['user_status'];
  onRestart: () => void;
}) {
  const finish = useFinishSignIn();
  const [isRecovery, setIsRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const verifyPasskey = async () => {
    setIsBusy(true);
    try {
      // The WebAuthn library comes only when a passkey is used.
      const { passkeysApi } = await import('../../api/passkeys-api.js');
      await finish(await passkeysApi.secondFactor(props.challenge.Session));
    } catch (failure) {
      if (hasErrorCode(failure, 'second_factor_challenge_expired')) {
        notify.info(text.challengeExpired);
        props.onRestart();
      } else {
        notify.alert(errorMessage(failure));
      }
    } finally {
      setIsBusy(false);
    }
  };

  const verify = async () => {
    if (code.trim() === '') {
      setError(text.codeRequired);
      input.current?.focus();
      return;
    }
    setIsBusy(true);
    try {
      await finish(
        await secondFactorSignIn({ session: props.challenge.Session, code: code.trim() }),
      );
    } catch (failure) {
      if (hasErrorCode(failure, 'code_invalid')) {
        setError(text.codeWrong);
        input.current?.focus();
      } else if (hasErrorCode(failure, 'second_factor_challenge_expired')) {
        notify.info(text.challengeExpired);
        props.onRestart();
      } else {
        notify.alert(errorMessage(failure));
      }
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <section className={cardStyles.card} aria-labelledby="second-factor-title">
      <h1 id="second-factor-title">{text.stepTitle}</h1>
      <p className={cardStyles.lead}>{text.stepLead}</p>
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
        }}
      >
        <TextField
          ref={input}
          key={isRecovery ? 'recovery' : 'code'}
          label={isRecovery ? text.recoveryLabel : text.codeLabel}
          autoComplete="one-time-code"
          inputMode={isRecovery ? 'text' : 'numeric'}
          autoFocus
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" disabled={isBusy} isLoading={isBusy}>
          {text.verify}
        </Button>
      </form>
      {props.challenge.AvailableChallenges !== undefined && (
        <p className={cardStyles.footnote}>
          <Button variant="secondary" disabled={isBusy} onClick={() => void verifyPasskey()}>
            {PasskeyMessages.usePasskey}
          </Button>
        </p>
      )}
      <p className={cardStyles.footnote}>
        <Button
          variant="secondary"
          onClick={() => {
            setIsRecovery(!isRecovery);
            setCode('');
            setError(undefined);
          }}
        >
          {isRecovery ? text.useAuthenticator : text.useRecovery}
        </Button>
      </p>
    </section>
  );
}
