import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { EnrollmentResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Spinner } from '../../../web/ui/Spinner.js';
import { errorMessage, hasErrorCode } from '../../api/ops-call.js';
import card from '../../ui/ops-card.module.css';
import { loginPathWith } from '../../session/login-notice.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { EnrollForm } from './EnrollForm.js';
import { fetchEnrollment } from './enrollment-api.js';

type Loaded =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly enrollment: EnrollmentResponse }
  | { readonly state: 'failed'; readonly message: string };

function failureText(error: unknown): string {
  return hasErrorCode(error, 'not_found', 'bad_request')
    ? OpsMessages.enroll.linkInvalid
    : errorMessage(error);
}

/** /ops/enroll?token=: who is enrolling, the authenticator's QR code and key, the form. */
export default function EnrollPage() {
  usePageTitle(OpsMessages.enroll.title);
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [loaded, setLoaded] = useState<Loaded>(() =>
    token === ''
      ? { state: 'failed', message: OpsMessages.enroll.linkInvalid }
      : { state: 'loading' },
  );
  useEffect(() => {
    if (token === '') return;
    let isCurrent = true;
    fetchEnrollment(token).then(
      (enrollment) => {
        if (isCurrent) setLoaded({ state: 'ready', enrollment });
      },
      (error: unknown) => {
        if (isCurrent) setLoaded({ state: 'failed', message: failureText(error) });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [token]);

  return (
    <main id="ops-main" className={card.page}>
      <section className={card.card} aria-labelledby="ops-enroll-title">
        <h1 id="ops-enroll-title">{OpsMessages.enroll.title}</h1>
        {loaded.state === 'loading' && <Spinner label={OpsMessages.shell.loading} />}
        {loaded.state === 'failed' && (
          <p role="alert" className={card.alert}>
            {loaded.message}
          </p>
        )}
        {loaded.state === 'ready' && (
          <EnrollForm
            token={token}
            enrollment={loaded.enrollment}
            onDone={() => navigate(loginPathWith('enrolled'))}
          />
        )}
      </section>
    </main>
  );
}
