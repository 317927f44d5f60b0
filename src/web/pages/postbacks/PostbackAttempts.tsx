import { useQuery } from '@tanstack/react-query';
import { Messages } from '../../../contract/messages.js';
import type { PostbackAttempt } from '../../../contract/postbacks.js';
import { errorMessage } from '../../api/http.js';
import { postbackKeys, postbacksApi } from '../../api/postbacks-api.js';
import { Button } from '../../ui/Button.js';
import { formatTime } from '../../ui/format-time.js';
import styles from './postback-log.module.css';

const text = Messages.postbacks;

/** A JSON body indented for reading; any other text as received. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Block({ title, content }: { title: string; content: string }) {
  return (
    <>
      <h4>{title}</h4>
      <pre className={styles.code} tabIndex={0} aria-label={title}>
        {content === '' ? text.emptyAnswer : content}
      </pre>
    </>
  );
}

function Attempt({ attempt }: { attempt: PostbackAttempt }) {
  return (
    <li>
      <h3>{text.attempt(attempt.number)}</h3>
      <dl className={styles.facts}>
        <dt>{text.time}</dt>
        <dd>
          <time dateTime={attempt.at}>{formatTime(attempt.at)}</time>
        </dd>
        <dt>{text.statusCode}</dt>
        <dd>{attempt.responseStatus ?? text.noAnswer}</dd>
        <dt>{text.latency}</dt>
        <dd>{text.latencyMs(attempt.latencyMs)}</dd>
        {attempt.error !== null && (
          <>
            <dt>{text.error}</dt>
            <dd>{text.sendErrors[attempt.error] ?? attempt.error}</dd>
          </>
        )}
      </dl>
      <Block
        title={`${text.request} ${text.headers}`}
        content={JSON.stringify(attempt.requestHeaders, null, 2)}
      />
      <Block title={`${text.request} ${text.body}`} content={readable(attempt.requestBody)} />
      {attempt.responseStatus !== null && (
        <>
          <Block
            title={`${text.response} ${text.headers}`}
            content={JSON.stringify(attempt.responseHeaders, null, 2)}
          />
          <Block title={`${text.response} ${text.body}`} content={attempt.responseBody} />
        </>
      )}
    </li>
  );
}

/** One event's attempts, each with its request and response as sent and received. */
export function PostbackAttempts({
  applicationId,
  eventId,
  id,
}: {
  applicationId: string;
  eventId: string;
  /** The element id the Details button controls. */
  id: string;
}) {
  const event = useQuery({
    queryKey: postbackKeys.event(applicationId, eventId),
    queryFn: () => postbacksApi.event(applicationId, eventId),
  });
  if (event.isError) {
    return (
      <div id={id} role="alert" className={styles.error}>
        <p>{errorMessage(event.error)}</p>
        <Button variant="secondary" onClick={() => void event.refetch()}>
          {Messages.screens.retry}
        </Button>
      </div>
    );
  }
  if (event.data === undefined) {
    return (
      <p id={id} role="status">
        {text.loadingDetails}
      </p>
    );
  }
  const attempts = event.data.event.attemptsLog;
  return (
    <div id={id}>
      <p className={styles.lead}>{text.cutNote}</p>
      {attempts.length === 0 ? (
        <p>{text.noAttempts}</p>
      ) : (
        <ol className={styles.attempts}>
          {attempts.map((attempt) => (
            <Attempt key={attempt.number} attempt={attempt} />
          ))}
        </ol>
      )}
    </div>
  );
}
