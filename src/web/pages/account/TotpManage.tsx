import { useState } from 'react';
import { TwoFactorMessages as text } from '../../../contract/messages-two-factor.js';
import { ApiError, errorMessage } from '../../api/http.js';
import { twoFactorApi } from '../../api/two-factor-api.js';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { PasswordField } from '../../ui/PasswordField.js';
import { TextField } from '../../ui/TextField.js';
import styles from './two-factor-section.module.css';

type Errors = Partial<Record<'code' | 'password', string>>;

/** The error of a refused code or password beside its field; anything else as a notice. */
function fieldErrorOf(failure: unknown): Errors | null {
  if (!(failure instanceof ApiError)) return null;
  if (failure.code === 'code_invalid') return { code: failure.message };
  if (failure.code === 'password_wrong') return { password: failure.message };
  return null;
}

/** New recovery codes with a current code; the app removed with the password and a code. */
export function TotpManage(props: {
  onRegenerated: (codes: readonly string[]) => void;
  onRemoved: () => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [removeCode, setRemoveCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ regenerate: Errors; remove: Errors }>({
    regenerate: {},
    remove: {},
  });
  const [busy, setBusy] = useState<'regenerate' | 'remove' | null>(null);

  const run = async (which: 'regenerate' | 'remove', action: () => Promise<void>) => {
    setBusy(which);
    try {
      await action();
    } catch (failure) {
      const fieldErrors = fieldErrorOf(failure);
      if (fieldErrors === null) notify.error(errorMessage(failure));
      else setErrors((now) => ({ ...now, [which]: fieldErrors }));
    } finally {
      setBusy(null);
    }
  };

  const regenerate = () =>
    run('regenerate', async () => {
      if (code.trim() === '') throw new ApiError(400, text.codeRequired, { code: 'code_invalid' });
      const answer = await twoFactorApi.regenerate(code.trim());
      setCode('');
      notify.success(answer.message);
      props.onRegenerated(answer.recoveryCodes);
    });

  const remove = () =>
    run('remove', async () => {
      if (removeCode.trim() === '') {
        throw new ApiError(400, text.codeRequired, { code: 'code_invalid' });
      }
      const answer = await twoFactorApi.remove({ password, code: removeCode.trim() });
      notify.success(answer.message);
      await props.onRemoved();
    });

  return (
    <div className={styles.manage}>
      <form
        className={formStyles.form}
        aria-labelledby="regenerate-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void regenerate();
        }}
      >
        <h3 id="regenerate-title">{text.regenerate}</h3>
        <p className={styles.note}>{text.regenerateLead}</p>
        <TextField
          label={text.codeOrRecoveryLabel}
          autoComplete="one-time-code"
          value={code}
          error={errors.regenerate.code}
          onChange={(event) => {
            setCode(event.target.value);
            setErrors((now) => ({ ...now, regenerate: {} }));
          }}
        />
        <div className={styles.buttons}>
          <Button type="submit" disabled={busy !== null} isLoading={busy === 'regenerate'}>
            {text.regenerate}
          </Button>
        </div>
      </form>
      <form
        className={formStyles.form}
        aria-labelledby="remove-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void remove();
        }}
      >
        <h3 id="remove-title">{text.remove}</h3>
        <p className={styles.note}>{text.removeLead}</p>
        <PasswordField
          label={text.passwordLabel}
          autoComplete="current-password"
          value={password}
          error={errors.remove.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((now) => ({ ...now, remove: {} }));
          }}
        />
        <TextField
          label={text.codeOrRecoveryLabel}
          autoComplete="one-time-code"
          value={removeCode}
          error={errors.remove.code}
          onChange={(event) => {
            setRemoveCode(event.target.value);
            setErrors((now) => ({ ...now, remove: {} }));
          }}
        />
        <div className={styles.buttons}>
          <Button
            variant="danger"
            type="submit"
            disabled={busy !== null}
            isLoading={busy === 'remove'}
          >
            {text.remove}
          </Button>
        </div>
      </form>
    </div>
  );
}
