import { useRef, useState, type SyntheticEvent } from 'react';
import { StepUpMessages } from '../../contract/messages-step-up.js';
import { StepUpPaths, type StepUpResponse } from '../../contract/step-up.js';
import { call, errorMessage } from '../api/http.js';
import { Button } from '../ui/Button.js';
import formStyles from '../ui/forms.module.css';
import { Modal } from '../ui/Modal.js';
import { PasswordField } from '../ui/PasswordField.js';
import { TextField } from '../ui/TextField.js';
import styles from './step-up-dialog.module.css';

/** A code (or recovery code) of a developer with a factor; the password of one without. */
export type StepUpProof = 'code' | 'password';

interface StepUpDialogProps {
  readonly proof: StepUpProof;
  /** The developer has passkeys: one may confirm instead of a code. */
  readonly withPasskey: boolean;
  /** True once the server granted the step-up; false when cancelled (button or Escape). */
  readonly onDone: (isConfirmed: boolean) => void;
}

/** Asks the second factor again before a guarded change (docs/decisions/068-step-up.md). */
export function StepUpDialog({ proof, withPasskey, onDone }: StepUpDialogProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isCode = proof === 'code';
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value.trim() === '') {
      setError(StepUpMessages.valueRequired);
      return;
    }
    setIsSubmitting(true);
    try {
      const json = isCode ? { code: value.trim() } : { password: value };
      await call<StepUpResponse>('post', StepUpPaths.stepUp, { json });
      onDone(true);
    } catch (failure) {
      // A wrong code, too many tries or a network failure: said beside the field.
      setError(errorMessage(failure));
      setIsSubmitting(false);
    }
  };

  const confirmByPasskey = async () => {
    setIsSubmitting(true);
    try {
      // The WebAuthn library comes with the first use, not with the dialog.
      const { passkeysApi } = await import('../api/passkeys-api.js');
      await passkeysApi.stepUp();
      onDone(true);
    } catch (failure) {
      setError(errorMessage(failure));
      setIsSubmitting(false);
    }
  };

  const field = {
    ref: input,
    value,
    error,
    onChange: (event: { target: { value: string } }) => {
      setValue(event.target.value);
      setError(undefined);
    },
  };
  return (
    <Modal
      isOpen
      onClose={() => onDone(false)}
      title={StepUpMessages.title}
      testId="step-up"
      initialFocus={input}
    >
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <p>
          {withPasskey
            ? StepUpMessages.leadPasskey
            : isCode
              ? StepUpMessages.leadCode
              : StepUpMessages.leadPassword}
        </p>
        {isCode ? (
          <TextField
            label={StepUpMessages.codeLabel}
            autoComplete="one-time-code"
            inputMode="text"
            {...field}
          />
        ) : (
          <PasswordField
            label={StepUpMessages.passwordLabel}
            autoComplete="current-password"
            {...field}
          />
        )}
        <div className={styles.actions}>
          {withPasskey && (
            <Button
              variant="secondary"
              onClick={() => void confirmByPasskey()}
              disabled={isSubmitting}
            >
              {StepUpMessages.usePasskey}
            </Button>
          )}
          <Button variant="secondary" onClick={() => onDone(false)} disabled={isSubmitting}>
            {StepUpMessages.cancel}
          </Button>
          <Button type="submit" disabled={isSubmitting} isLoading={isSubmitting}>
            {StepUpMessages.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
