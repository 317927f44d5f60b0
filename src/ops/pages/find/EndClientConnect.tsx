import { useState } from 'react';
import { required } from '../../../contract/field-checks.js';
import { OpsLimits } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { errorMessage } from '../../../web/api/http.js';
import { checksValidate } from '../../../web/forms/checks-validate.js';
import { useForm } from '../../../web/forms/use-form.js';
import { Button } from '../../../web/ui/Button.js';
import formStyles from '../../../web/ui/forms.module.css';
import { TextField } from '../../../web/ui/TextField.js';
import { findApi } from '../../api/find-api.js';
import { StatusRegion } from '../../ui/StatusRegion.js';
import styles from '../../ui/ops-ui.module.css';

const text = OpsMessages.connect;

type EndClientForm = Readonly<{ clientCode: string; reason: string }>;
const EMPTY: EndClientForm = { clientCode: '', reason: '' };
const validate = checksValidate<EndClientForm>({
  clientCode: [required(text.clientCodeRequired)],
  reason: [required(OpsMessages.application.reasonRequired)],
});

/**
 * A trading client's Connect sessions ended in every application at once (docs/connect.md):
 * the client code and a reason for the audit; how many ended is announced.
 */
export function EndClientConnect() {
  const [result, setResult] = useState('');
  const { errors, isSubmitting, field, handleSubmit, reset, setServerError, focus } = useForm({
    initialValues: EMPTY,
    validate,
    showErrorsAfter: 'blur',
  });
  const submit = handleSubmit(async ({ clientCode, reason }) => {
    setResult('');
    try {
      const { message } = await findApi.endClientConnect({
        clientCode: clientCode.trim(),
        reason: reason.trim(),
      });
      reset(EMPTY);
      setResult(message);
    } catch (failure) {
      setServerError('clientCode', errorMessage(failure));
      focus('clientCode');
    }
  });
  return (
    <section className={styles.section} aria-labelledby="end-client-connect">
      <h2 id="end-client-connect">{text.clientTitle}</h2>
      <p className={styles.muted}>{text.clientHint}</p>
      <form
        className={formStyles.form}
        aria-labelledby="end-client-connect"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <TextField
          label={text.clientCode}
          autoComplete="off"
          maxLength={OpsLimits.clientCodeMaxLength}
          error={errors.clientCode}
          {...field('clientCode')}
        />
        <TextField
          label={text.reason}
          autoComplete="off"
          maxLength={OpsLimits.reasonMaxLength}
          error={errors.reason}
          {...field('reason')}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="danger" disabled={isSubmitting} isLoading={isSubmitting}>
            {text.endClient}
          </Button>
        </div>
      </form>
      <StatusRegion message={result} />
    </section>
  );
}
