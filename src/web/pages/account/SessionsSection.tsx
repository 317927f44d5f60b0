import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useRef, useState } from 'react';
import { Messages } from '../../../contract/messages.js';
import type { Session } from '../../../contract/sessions.js';
import { errorMessage } from '../../api/http.js';
import { sessionKeys, sessionsApi, sessionsQuery } from '../../api/sessions-api.js';
import { Button } from '../../ui/Button.js';
import { formatTime } from '../../ui/format-time.js';
import { notify } from '../../ui/notify.js';
import { useAction } from '../../ui/use-action.js';
import hidden from '../../ui/visually-hidden.module.css';
import { ACCOUNT_SESSIONS_ID } from '../../../contract/routes.js';
import styles from './sessions-section.module.css';

const text = Messages.sessions;

/**
 * The account screen's sessions list (`/account#sessions`): every signed-in device,
 * this one marked; sign out one other device, or all of them.
 */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useDeferredValue(useQuery(sessionsQuery));
  // A signed-out device's row and button go away: focus moves to the heading, not the page.
  const heading = useRef<HTMLHeadingElement>(null);

  const afterSignOut = async (notice: string) => {
    notify.success(notice);
    heading.current?.focus();
    await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  };
  const [endingId, setEndingId] = useState<string | null>(null);
  const signOut = useAction(async (session: Session) => {
    setEndingId(session.id);
    try {
      await afterSignOut((await sessionsApi.signOut(session.id)).message);
    } finally {
      setEndingId(null);
    }
  });
  const signOutOthers = useAction(async () => {
    const answer = await sessionsApi.signOutOthers();
    await afterSignOut(answer.message);
  });

  const list = sessions.data?.sessions ?? [];
  const hasOthers = list.some((session) => !session.isCurrent);
  return (
    <section id={ACCOUNT_SESSIONS_ID} aria-labelledby="sessions-title" className={styles.section}>
      <h2 id="sessions-title" ref={heading} tabIndex={-1}>
        {text.heading}
      </h2>
      {sessions.isError && (
        <p role="alert" className={styles.error}>
          {errorMessage(sessions.error)}
        </p>
      )}
      {sessions.isPending && <SessionsPlaceholder />}
      {list.length > 0 && (
        <ul className={styles.list} aria-labelledby="sessions-title">
          {list.map((session) => (
            <li
              key={session.id}
              className={`${styles.device} ${session.isCurrent ? styles.current : ''}`}
              aria-current={session.isCurrent ? 'true' : undefined}
            >
              <div>
                <p className={styles.name}>
                  {session.browser}
                  {session.isCurrent && <span className={styles.badge}>{text.thisDevice}</span>}
                </p>
                <dl className={styles.details}>
                  <dt>{text.ipAddress}</dt>
                  <dd>{session.ip}</dd>
                  <dt>{text.timeZone}</dt>
                  <dd>{session.place ?? text.unknownPlace}</dd>
                  <dt>{text.signedInAt}</dt>
                  <dd>
                    <time dateTime={session.signedInAt}>{formatTime(session.signedInAt)}</time>
                  </dd>
                  <dt>{text.lastUsed}</dt>
                  <dd>
                    <time dateTime={session.lastUsedAt}>{formatTime(session.lastUsedAt)}</time>
                  </dd>
                </dl>
              </div>
              {!session.isCurrent && (
                <Button
                  variant="secondary"
                  isLoading={endingId === session.id}
                  disabled={signOut.isRunning || signOutOthers.isRunning}
                  onClick={() => void signOut.run(session)}
                >
                  {text.signOut}{' '}
                  <span className={hidden.visuallyHidden}>
                    {session.browser}, {session.ip}
                  </span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.isSuccess &&
        (hasOthers ? (
          <Button
            variant="danger"
            isLoading={signOutOthers.isRunning}
            disabled={signOut.isRunning || signOutOthers.isRunning}
            onClick={() => void signOutOthers.run()}
          >
            {text.signOutOthers}
          </Button>
        ) : (
          <p>{text.noOthers}</p>
        ))}
    </section>
  );
}

/**
 * While the list loads: this device's row and the line under it, drawn empty at their loaded
 * size, so the page does not move when the list arrives.
 */
/** The details list's cells: a term and its value for each of the four rows. */
const DETAIL_CELLS = [
  'ip',
  'ip-value',
  'place',
  'place-value',
  'in',
  'in-value',
  'used',
  'used-value',
];

function SessionsPlaceholder() {
  const blank = '\u00a0';
  return (
    <>
      <p role="status" className={hidden.visuallyHidden}>
        {text.loading}
      </p>
      <div className={styles.list} aria-hidden="true">
        <div className={styles.device}>
          <div>
            <p className={styles.name}>{blank}</p>
            <div className={styles.details}>
              {DETAIL_CELLS.map((cell) => (
                <span key={cell}>{blank}</span>
              ))}
            </div>
          </div>
        </div>
      </div>
      <p aria-hidden="true">{blank}</p>
    </>
  );
}
