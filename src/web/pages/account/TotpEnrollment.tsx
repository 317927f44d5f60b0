import { useState } from 'react';
import { TwoFactorMessages as text } from '../../../contract/messages-two-factor.js';
import type { TotpStartResponse } from '../../../contract/two-factor.js';
import { ApiError, errorMessage } from '../../api/http.js';
import { twoFactorApi } from '../../api/two-factor-api.js';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { TextField } from '../../ui/TextField.js';
import styles from './two-factor-section.module.css';

/** The secret as a QR code and as text, and the first code that confirms it. */
export function TotpEnrollment(props: {
  started: TotpStartResponse;
  onEnrolled: (recoveryCodes: readonly string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(props.started.qrSvg)}`;

  const confirm = async () => {
    if (code.trim() === '') {
      setError(text.codeRequired);
      return;
    }
    setIsBusy(true);
    try {
      const answer = await twoFactorApi.confirm(code.trim());
      notify.success(answer.message);
      props.onEnrolled(answer.recoveryCodes);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
      else notify.error(errorMessage(failure));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className={styles.enroll}>
      <p>{text.scanQr}</p>
      <img className={styles.qr} src={qr} alt={text.qrAlt} width={200} height={200} />
      <p className={styles.secretLine}>
        {text.secretLabel}: <code data-testid="totp-secret">{props.started.secret}</code>
      </p>
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <TextField
          label={text.confirmCodeLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
        <div className={styles.buttons}>
          <Button variant="secondary" type="button" onClick={props.onCancel}>
            {text.cancel}
          </Button>
          <Button type="submit" disabled={isBusy} isLoading={isBusy}>
            {text.confirm}
          </Button>
        </div>
      </form>
    </div>
  );
}
