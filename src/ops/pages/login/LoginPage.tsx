import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { CodeSchema, EmailSchema, LoginPasswordSchema } from '../../../contract/fields.js';
import { OpsClientPaths } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { schemaValidate } from '../../../web/forms/schema-validate.js';
import { useForm } from '../../../web/forms/use-form.js';
import { Button } from '../../../web/ui/Button.js';
import formStyles from '../../../web/ui/forms.module.css';
import { PasswordField } from '../../../web/ui/PasswordField.js';
import { TextField } from '../../../web/ui/TextField.js';
import { TotpCodeField } from '../../ui/TotpCodeField.js';
import { errorMessage } from '../../api/ops-call.js';
import { loginNoticeText } from '../../session/login-notice.js';
import { signIn } from '../../session/session-api.js';
import card from '../../ui/ops-card.module.css';
import { usePageTitle } from '../../ui/use-page-title.js';

const validate = schemaValidate(
  z.object({ email: EmailSchema, password: LoginPasswordSchema, code: CodeSchema }),
);

/** /ops/login: e-mail, password and the authenticator's code; the server's refusal as it says it. */
export default function LoginPage() {
  usePageTitle(OpsMessages.login.title);
  const navigate = useNavigate();
  const notice = loginNoticeText(useLocation().search);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, field, handleSubmit, isSubmitting } = useForm({
    initialValues: { email: '', password: '', code: '' },
    validate,
    showErrorsAfter: 'blur',
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signIn(values);
      await navigate(OpsClientPaths.root, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <main id="ops-main" className={card.page}>
      <section className={card.card} aria-labelledby="ops-login-title">
        <h1 id="ops-login-title">{OpsMessages.login.title}</h1>
        <p role="status" className={card.notice}>
          {notice}
        </p>
        <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={OpsMessages.login.email}
            type="email"
            autoComplete="username"
            error={errors.email}
            {...field('email')}
          />
          <PasswordField
            label={OpsMessages.login.password}
            autoComplete="current-password"
            error={errors.password}
            {...field('password')}
          />
          <TotpCodeField
            label={OpsMessages.login.code}
            hint={OpsMessages.login.codeHint}
            error={errors.code}
            {...field('code')}
          />
          <p role="alert" className={card.alert}>
            {failure}
          </p>
          <Button type="submit" disabled={isSubmitting} isLoading={isSubmitting}>
            {OpsMessages.login.submit}
          </Button>
        </form>
      </section>
    </main>
  );
}
