import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Messages } from '../../../contract/messages.js';
import type { PostbackTestResponse } from '../../../contract/postbacks.js';
import { errorMessage, hasErrorCode } from '../../api/http.js';
import { postbackKeys, postbacksApi } from '../../api/postbacks-api.js';
import { Button } from '../../ui/Button.js';
import styles from './postbacks-section.module.css';
import pageStyles from './update-app-page.module.css';

const text = Messages.postbacks;

type Outcome =
  | { readonly kind: 'sent'; readonly answer: PostbackTestResponse }
  | { readonly kind: 'refused'; readonly message: string };

/** The sender's reason for no answer, by its code (decision 030). */
function noAnswerText(answer: PostbackTestResponse): string {
  return text.sendErrors[answer.error ?? ''] ?? text.sendFailed;
}

function refusalText(error: unknown): string {
  return hasErrorCode(error, 'postback_url_missing') ? text.noPostbackUrl : errorMessage(error);
}

/**
 * Send test postback: a sample order update to the saved URL now; the result
 * (status, latency, the first 1 KB of the answer, the signature headers) is announced.
 */
export function TestPostback({ applicationId }: { applicationId: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [isSending, setIsSending] = useState(false);
  const queryClient = useQueryClient();

  const send = async () => {
    setIsSending(true);
    try {
      const answer = await postbacksApi.test(applicationId);
      setOutcome({ kind: 'sent', answer });
      // The test event is in the delivery log now.
      await queryClient.invalidateQueries({ queryKey: postbackKeys.all(applicationId) });
    } catch (error) {
      setOutcome({ kind: 'refused', message: refusalText(error) });
    } finally {
      setIsSending(false);
    }
  };

  return (
    <>
      <div className={styles.actions}>
        <Button
          className={pageStyles.keyAction}
          onClick={() => void send()}
          isLoading={isSending}
          disabled={isSending}
        >
          <Send aria-hidden="true" size={18} /> {text.sendTest}
        </Button>
      </div>
      <div aria-live="polite" aria-atomic="true">
        {outcome !== null && <h3>{text.testResultTitle}</h3>}
        {outcome?.kind === 'refused' && <p className={styles.failure}>{outcome.message}</p>}
        {outcome?.kind === 'sent' && <TestResult answer={outcome.answer} />}
      </div>
    </>
  );
}

function TestResult({ answer }: { answer: PostbackTestResponse }) {
  const verdict =
    answer.responseStatus === null
      ? noAnswerText(answer)
      : answer.ok
        ? text.testDelivered
        : text.testRefused;
  return (
    <>
      <p className={answer.ok ? undefined : styles.failure}>{verdict}</p>
      <dl className={styles.facts}>
        <dt>{text.statusCode}</dt>
        <dd>{answer.responseStatus ?? text.noAnswer}</dd>
        <dt>{text.latency}</dt>
        <dd>{text.latencyMs(answer.latencyMs)}</dd>
      </dl>
      {answer.responseStatus !== null && (
        <>
          <h4>{text.answer}</h4>
          <pre className={`${styles.code} ${styles.answer}`}>
            {answer.responseBody === '' ? text.emptyAnswer : answer.responseBody}
          </pre>
        </>
      )}
      <h4>{text.signatureHeaders}</h4>
      <dl className={styles.facts}>
        {Object.entries(answer.signatureHeaders).map(([name, value]) => (
          <div key={name} className={styles.contents}>
            <dt>{name}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
