import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Messages } from '../../../contract/messages.js';
import type { PostbackEvent } from '../../../contract/postbacks.js';
import { errorMessage } from '../../api/http.js';
import { postbackKeys, postbacksApi } from '../../api/postbacks-api.js';
import { Button } from '../../ui/Button.js';
import { formatTime } from '../../ui/format-time.js';
import { PostbackAttempts } from './PostbackAttempts.js';
import styles from './postback-log.module.css';

const text = Messages.postbacks;

function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatTime(iso)}</time>;
}

/** One logged event: its facts, Details (each attempt whole) and Replay with its result. */
export function PostbackEventItem({
  applicationId,
  event,
}: {
  applicationId: string;
  event: PostbackEvent;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [replayResult, setReplayResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [isReplaying, setIsReplaying] = useState(false);
  const queryClient = useQueryClient();
  const detailsId = `postback-${event.eventId}-attempts`;

  const replay = async () => {
    setIsReplaying(true);
    try {
      const answer = await postbacksApi.replay(applicationId, event.eventId);
      setReplayResult({ ok: true, message: answer.message });
      await queryClient.invalidateQueries({ queryKey: postbackKeys.all(applicationId) });
    } catch (error) {
      setReplayResult({ ok: false, message: errorMessage(error) });
    } finally {
      setIsReplaying(false);
    }
  };

  return (
    <li className={styles.event}>
      <h2 className={styles.eventTitle}>
        {event.eventType}
        <span className={`${styles.state} ${event.state === 'failed' ? styles.failed : ''}`}>
          {text.states[event.state]}
        </span>
        {event.isTest && <span className={styles.state}>{text.test}</span>}
      </h2>
      <dl className={styles.facts}>
        <dt>{text.time}</dt>
        <dd>
          <Time iso={event.createdAt} />
        </dd>
        <dt>{text.attempts}</dt>
        <dd>{event.attempts}</dd>
        <dt>{text.lastStatus}</dt>
        <dd>{event.lastStatus ?? (event.attempts === 0 ? text.none : text.noAnswer)}</dd>
        <dt>{text.lastLatency}</dt>
        <dd>{event.lastLatencyMs === null ? text.none : text.latencyMs(event.lastLatencyMs)}</dd>
        <dt>{text.nextRetry}</dt>
        <dd>{event.nextAttemptAt === null ? text.none : <Time iso={event.nextAttemptAt} />}</dd>
      </dl>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          className={styles.withIcon}
          aria-expanded={isOpen}
          aria-controls={isOpen ? detailsId : undefined}
          onClick={() => setIsOpen(!isOpen)}
        >
          {isOpen ? (
            <ChevronUp aria-hidden="true" size={18} />
          ) : (
            <ChevronDown aria-hidden="true" size={18} />
          )}{' '}
          {isOpen ? text.hideDetails : text.details}
        </Button>
        <Button
          variant="secondary"
          className={styles.withIcon}
          onClick={() => void replay()}
          isLoading={isReplaying}
          disabled={isReplaying}
        >
          <RotateCcw aria-hidden="true" size={18} /> {text.replay}
        </Button>
        <p role="status" className={replayResult?.ok === false ? styles.error : undefined}>
          {replayResult?.message}
        </p>
      </div>
      {isOpen && (
        <PostbackAttempts applicationId={applicationId} eventId={event.eventId} id={detailsId} />
      )}
    </li>
  );
}
