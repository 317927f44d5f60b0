import { useState } from 'react';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { errorMessage } from '../../../web/api/api-error.js';
import { Button } from '../../../web/ui/Button.js';
import { Modal } from '../../../web/ui/Modal.js';
import uiStyles from '../../ui/ops-ui.module.css';

interface ConfirmOperatorActionProps {
  readonly title: string;
  readonly hint: string;
  readonly confirmLabel: string;
  /** Runs the action; a refusal shows the server's message in the dialog. */
  readonly act: () => Promise<void>;
  readonly onClose: () => void;
}

/** Disabling or resetting an operator, confirmed first: both sign the operator out. */
export function ConfirmOperatorAction({
  title,
  hint,
  confirmLabel,
  act,
  onClose,
}: ConfirmOperatorActionProps) {
  const [isRunning, setIsRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setIsRunning(true);
    try {
      await act();
    } catch (error) {
      setFailure(errorMessage(error));
      setIsRunning(false);
    }
  };
  return (
    <Modal isOpen onClose={onClose} title={title}>
      <p>{hint}</p>
      {failure !== null && (
        <p role="alert" className={uiStyles.error}>
          {failure}
        </p>
      )}
      <div className={uiStyles.dialogActions}>
        <Button variant="secondary" onClick={onClose} disabled={isRunning}>
          {OpsMessages.page.cancel}
        </Button>
        <Button
          variant="danger"
          onClick={() => void confirm()}
          disabled={isRunning}
          isLoading={isRunning}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
