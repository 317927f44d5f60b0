import { useMemo } from 'react';
import { required } from '../../contract/field-checks.js';
import { OpsLimits } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { errorMessage } from '../../web/api/http.js';
import { checksValidate } from '../../web/forms/checks-validate.js';
import { useForm } from '../../web/forms/use-form.js';
import { Button } from '../../web/ui/Button.js';
import formStyles from '../../web/ui/forms.module.css';
import { Modal } from '../../web/ui/Modal.js';
import { TextField } from '../../web/ui/TextField.js';
import styles from './ops-ui.module.css';

type ReasonForm = Readonly<{ reason: string }>;

interface ReasonDialogProps {
  readonly isOpen: boolean;
  /** The action's name: the dialog's title and its confirm button. */
  readonly title: string;
  readonly label: string;
  readonly hint?: string;
  /** Set for an action that needs a reason: the message when none is given. */
  readonly requiredMessage?: string;
  /** Runs the action with the trimmed reason (undefined when none was given). */
  readonly act: (reason: string | undefined) => Promise<{ message: string }>;
  readonly onClose: () => void;
  /** The server's message of the done action. */
  readonly onDone: (message: string) => void;
}

const EMPTY: ReasonForm = { reason: '' };

/**
 * An operator action confirmed in a dialog with a reason (kept in the audit): a
 * refusal of the server shows its message beside the field and the dialog stays open.
 */
export function ReasonDialog({
  isOpen,
  title,
  label,
  hint,
  requiredMessage,
  act,
  onClose,
  onDone,
}: ReasonDialogProps) {
  const validate = useMemo(
    () =>
      checksValidate<ReasonForm>({
        reason: requiredMessage === undefined ? [] : [required(requiredMessage)],
      }),
    [requiredMessage],
  );
  const { errors, isSubmitting, field, handleSubmit, reset, setServerError, focus } = useForm({
    initialValues: EMPTY,
    validate,
    showErrorsAfter: 'change',
  });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const submit = handleSubmit(async ({ reason }) => {
    const trimmed = reason.trim();
    try {
      const { message } = await act(trimmed === '' ? undefined : trimmed);
      close();
      onDone(message);
    } catch (failure) {
      setServerError('reason', errorMessage(failure));
      focus('reason');
    }
  });

  return (
    <Modal isOpen={isOpen} onClose={close} title={title}>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={label}
          hint={hint}
          error={errors.reason}
          maxLength={OpsLimits.reasonMaxLength}
          autoComplete="off"
          {...field('reason')}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            {OpsMessages.page.cancel}
          </Button>
          <Button type="submit" disabled={isSubmitting} isLoading={isSubmitting}>
            {title}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
