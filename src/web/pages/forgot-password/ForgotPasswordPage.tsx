import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { EmailChecks } from '../../../contract/field-checks.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { authApi } from '../../api/auth-api.js';
import { errorMessage } from '../../api/api-error.js';
import { useBrand } from '../../brand.js';
import { checksValidate } from '../../forms/checks-validate.js';
import { useForm } from '../../forms/use-form.js';
import { rememberEmail, storedEmail } from '../../session/session.js';
import cardStyles from '../../ui/auth-card.module.css';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { TextField } from '../../ui/TextField.js';

const validateEmail = checksValidate<{ email: string }>({ email: EmailChecks });

/** docs/product.md section 2, /forgot-password: send a reset code, then /reset-password. */
export default function ForgotPasswordPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const { errors, isValid, isSubmitting, field, handleSubmit } = useForm({
    initialValues: { email: storedEmail() },
    validate: validateEmail,
    showErrorsAfter: 'change',
  });

  const sendCode = handleSubmit(async ({ email }) => {
    try {
      await authApi.forgotPassword(email);
      rememberEmail(email);
      notify.success(Messages.forgotPassword.codeSent);
      await navigate(ClientPaths.resetPassword);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <div className={cardStyles.page}>
      <section className={cardStyles.card} aria-labelledby="forgot-title">
        <Link to={ClientPaths.login} className={cardStyles.back}>
          <ArrowLeft aria-hidden="true" size={18} /> Back to login
        </Link>
        <h1 id="forgot-title">Forgot password</h1>
        <p className={cardStyles.lead}>We will e-mail you a code to set a new password.</p>
        <form className={formStyles.form} onSubmit={(event) => void sendCode(event)} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email}
            {...field('email')}
          />
          <Button type="submit" disabled={!isValid || isSubmitting} isLoading={isSubmitting}>
            Send Code
          </Button>
        </form>
        <p className={cardStyles.footnote}>
          Need help?{' '}
          <a href={brand.supportUrl} target="_blank" rel="noopener">
            Contact support
          </a>
        </p>
      </section>
    </div>
  );
}
