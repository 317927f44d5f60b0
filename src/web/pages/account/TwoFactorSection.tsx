import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { TwoFactorMessages as text } from '../../../contract/messages-two-factor.js';
import { ACCOUNT_TWO_FACTOR_ID } from '../../../contract/routes.js';
import type { TotpStartResponse } from '../../../contract/two-factor.js';
import { errorMessage } from '../../api/http.js';
import { twoFactorApi, twoFactorQuery } from '../../api/two-factor-api.js';
import { Button } from '../../ui/Button.js';
import { formatDay } from '../../ui/format-time.js';
import { useAction } from '../../ui/use-action.js';
import { RecoveryCodes } from './RecoveryCodes.js';
import { TotpEnrollment } from './TotpEnrollment.js';
import { TotpManage } from './TotpManage.js';
import styles from './two-factor-section.module.css';

// With the WebAuthn library, when asked for (the /account bundle's budget).
const PasskeysSection = lazy(async () => ({
  default: (await import('./PasskeysSection.js')).PasskeysSection,
}));

/**
 * The account screen's second factor (`/account#two-factor`): set up the authenticator app,
 * see the recovery codes once, make new ones, remove the app. Hidden under DEVELOPER_2FA=off.
 */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorQuery);
  const [started, setStarted] = useState<TotpStartResponse | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const [showPasskeys, setShowPasskeys] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey });
  const start = useAction(async () => {
    setStarted(await twoFactorApi.start());
  });

  if (status.data?.policy === 'off') return null;
  const enrolledAt = status.data?.totpEnrolledAt ?? null;
  return (
    <section
      id={ACCOUNT_TWO_FACTOR_ID}
      aria-labelledby="two-factor-title"
      className={styles.section}
    >
      <h2 id="two-factor-title">{text.title}</h2>
      <p className={styles.note}>{text.lead}</p>
      {status.isError && <p role="alert">{errorMessage(status.error)}</p>}
      {status.data?.policy === 'required' && enrolledAt === null && (
        <p role="status" className={styles.required}>
          {text.required}
        </p>
      )}
      {codes !== null && <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />}
      {status.data !== undefined && codes === null && (
        <>
          <h3>{text.authenticatorApp}</h3>
          {enrolledAt === null ? (
            <>
              <p>{text.notEnrolled}</p>
              {started === null ? (
                <Button onClick={() => void start.run()} isLoading={start.isRunning}>
                  {text.setUp}
                </Button>
              ) : (
                <TotpEnrollment
                  started={started}
                  onCancel={() => setStarted(null)}
                  onEnrolled={(recoveryCodes) => {
                    setStarted(null);
                    // A passkey set up before gave the codes already: none come again.
                    setCodes(recoveryCodes.length > 0 ? recoveryCodes : null);
                    void refresh();
                  }}
                />
              )}
            </>
          ) : (
            <>
              <p>
                {text.enrolledSince(formatDay(new Date(enrolledAt).toISOString()))}{' '}
                {text.recoveryLeft(status.data.recoveryCodesLeft)}
              </p>
              <TotpManage
                onRegenerated={(recoveryCodes) => {
                  setCodes(recoveryCodes);
                  void refresh();
                }}
                onRemoved={refresh}
              />
            </>
          )}
          {showPasskeys ? (
            <Suspense fallback={<p>{text.loading}</p>}>
              <PasskeysSection onFactorsChanged={refresh} />
            </Suspense>
          ) : (
            <Button variant="secondary" onClick={() => setShowPasskeys(true)}>
              {text.managePasskeys}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
