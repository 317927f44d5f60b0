import { useState } from 'react';
import * as z from 'zod/mini';
import { CodeSchema, PasswordSchema } from '../../../contract/fields.js';
import type { EnrollmentResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { schemaValidate } from '../../../web/forms/schema-validate.js';
import { useForm } from '../../../web/forms/use-form.js';
import { Button } from '../../../web/ui/Button.js';
import formStyles from '../../../web/ui/forms.module.css';
import { PasswordField } from '../../../web/ui/PasswordField.js';
import { TotpCodeField } from '../../ui/TotpCodeField.js';
import { errorMessage } from '../../api/ops-call.js';
import card from '../../ui/ops-card.module.css';
import styles from './enroll-page.module.css';
import { enroll } from './enrollment-api.js';

const validate = schemaValidate(
  z.object({ password: PasswordSchema, confirmPassword: z.string(), code: CodeSchema }).check(
    z.refine((values) => values.password === values.confirmPassword, {
      error: OpsMessages.enroll.passwordsDiffer,
      path: ['confirmPassword'],
    }),
  ),
);

interface EnrollFormProps {
  readonly token: string;
  readonly enrollment: EnrollmentResponse;
  readonly onDone: () => Promise<void> | void;
}

/** The QR code and its key as text, then the password twice and the first code. */
export function EnrollForm({ token, enrollment, onDone }: EnrollFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, field, handleSubmit, isSubmitting } = useForm({
    initialValues: { password: '', confirmPassword: '', code: '' },
    validate,
    showErrorsAfter: 'change',
    dependents: { password: ['confirmPassword'] },
  });
  const submit = handleSubmit(async ({ password, code }) => {
    setFailure(null);
    try {
      await enroll({ token, password, code });
      await onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <>
      <p>{OpsMessages.enroll.intro(enrollment.email, OpsMessages.roles[enrollment.role])}</p>
      <div className={styles.authenticator}>
        <img
          className={styles.qr}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrollment.qrSvg)}`}
          alt={OpsMessages.enroll.qrLabel}
        />
        <p className={styles.secretLabel}>{OpsMessages.enroll.secretLabel}</p>
        <code className={styles.secret}>{enrollment.secret}</code>
      </div>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <PasswordField
          label={OpsMessages.enroll.password}
          autoComplete="new-password"
          error={errors.password}
          {...field('password')}
        />
        <PasswordField
          label={OpsMessages.enroll.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmPassword}
          {...field('confirmPassword')}
        />
        <TotpCodeField label={OpsMessages.enroll.code} error={errors.code} {...field('code')} />
        <p role="alert" className={card.alert}>
          {failure}
        </p>
        <Button type="submit" disabled={isSubmitting} isLoading={isSubmitting}>
          {OpsMessages.enroll.submit}
        </Button>
      </form>
    </>
  );
}
