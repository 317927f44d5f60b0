import { ArrowLeft } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { isValidCode } from '../../../contract/rules.js';
import { authApi } from '../../api/auth-api.js';
import { errorMessage, hasErrorCode } from '../../api/http.js';
import { storedEmail } from '../../session/session.js';
import cardStyles from '../../ui/auth-card.module.css';
import { Button } from '../../ui/Button.js';
import { CodeInput } from '../../ui/CodeInput.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { useAction } from '../../ui/use-action.js';

/** The answers that say the code itself is wrong, expired or used up. */
const CODE_REFUSALS = ['code_invalid', 'code_expired', 'code_attempts_exhausted'] as const;

/** docs/product.md section 2, /verify-otp: the 6-digit code, 'Validate OTP' and 'Resend Otp'. */
export default function VerifyOtpPage() {
  const navigate = useNavigate();
  const email = storedEmail();
  const [code, setCode] = useState('');
  // A refused code marks the field itself until the code changes.
  const [codeError, setCodeError] = useState<string | undefined>();
  const confirm = useAction(async () => {
    try {
      await authApi.confirm({ email, code });
    } catch (error) {
      if (hasErrorCode(error, ...CODE_REFUSALS)) setCodeError(errorMessage(error));
      throw error;
    }
    notify.success(Messages.otp.verified);
    await navigate(ClientPaths.login);
  });
  const changeCode = (next: string) => {
    setCode(next);
    setCodeError(undefined);
  };
  const resend = useAction(async () => {
    await authApi.sendConfirmation(email);
    notify.success(Messages.otp.sent);
  });

  const validate = (event: SyntheticEvent) => {
    event.preventDefault();
    if (isValidCode(code)) void confirm.run();
  };

  return (
    <div className={cardStyles.page}>
      <section className={cardStyles.card} aria-labelledby="otp-title">
        <Link to={ClientPaths.signup} className={cardStyles.back}>
          <ArrowLeft aria-hidden="true" size={18} /> Back
        </Link>
        <h1 id="otp-title">Verify your e-mail</h1>
        <p className={cardStyles.lead}>
          Enter the {Limits.codeLength}-digit code we sent to <strong>{email}</strong>.
        </p>
        <form className={formStyles.form} onSubmit={validate} noValidate>
          <CodeInput label="One-time code" value={code} onChange={changeCode} error={codeError} />
          <div className={cardStyles.row}>
            <Button
              type="submit"
              disabled={code.length !== Limits.codeLength || confirm.isRunning}
              isLoading={confirm.isRunning}
            >
              {Messages.otp.validate}
            </Button>
            <button
              type="button"
              className={formStyles.linkButton}
              onClick={() => void resend.run()}
              disabled={resend.isRunning}
            >
              {Messages.otp.resend}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
