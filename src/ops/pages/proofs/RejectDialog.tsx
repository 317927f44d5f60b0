import { useState } from 'react';
import * as z from 'zod/mini';
import { OpsLimits } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { schemaValidate } from '../../../web/forms/schema-validate.js';
import { useForm } from '../../../web/forms/use-form.js';
import { Button } from '../../../web/ui/Button.js';
import formStyles from '../../../web/ui/forms.module.css';
import { Modal } from '../../../web/ui/Modal.js';
import { FieldLabel, FieldMessages, useFieldIds } from '../../../web/ui/TextField.js';
import { errorMessage } from '../../api/ops-call.js';
import styles from './proof-queue.module.css';

const validate = schemaValidate(
  z.object({
    reason: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: OpsMessages.proofs.reasonRequired }),
        z.maxLength(OpsLimits.reasonMaxLength),
      ),
  }),
);

interface RejectDialogProps {
  readonly ip: string;
  readonly onReject: (reason: string) => Promise<void>;
  readonly onClose: () => void;
}

/** Reject with a reason: required, the developer reads it in the e-mail and beside the IP. */
export function RejectDialog({ ip, onReject, onClose }: RejectDialogProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, control, handleSubmit, isSubmitting } = useForm({
    initialValues: { reason: '' },
    validate,
    showErrorsAfter: 'change',
  });
  const ids = useFieldIds(errors.reason, OpsMessages.proofs.reasonHint);
  const reason = control('reason');
  const submit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onReject(reason);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <Modal isOpen onClose={onClose} title={OpsMessages.proofReview.reviewTitle(ip)}>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={formStyles.field}>
          <FieldLabel htmlFor={ids.id} label={OpsMessages.proofs.reason} />
          <textarea
            className={`${formStyles.input ?? ''} ${styles.reason ?? ''}`}
            rows={4}
            maxLength={OpsLimits.reasonMaxLength}
            {...reason}
            onChange={(event) => reason.onChange(event.target.value)}
            {...ids.inputProps}
          />
          <FieldMessages
            error={errors.reason}
            errorId={ids.errorId}
            hint={OpsMessages.proofs.reasonHint}
            hintId={ids.hintId}
          />
        </div>
        {failure !== null && <p role="alert">{failure}</p>}
        <div className={styles.actions}>
          <Button type="submit" variant="danger" disabled={isSubmitting} isLoading={isSubmitting}>
            {OpsMessages.proofReview.confirmReject}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {OpsMessages.proofReview.cancel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
