import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CONNECT_SESSIONS_TITLE_ID,
  ConnectSessionMessages,
} from '../../../contract/connect-sessions-text.js';
import type { ConnectSession } from '../../../contract/connect-sessions.js';
import { connectSessionKeys, connectSessionsApi } from '../../api/connect-sessions-api.js';
import { errorMessage } from '../../api/http.js';
import { Button } from '../../ui/Button.js';
import { formatTime } from '../../ui/format-time.js';
import { Modal } from '../../ui/Modal.js';
import { notify } from '../../ui/notify.js';
import { useAction } from '../../ui/use-action.js';
import hidden from '../../ui/visually-hidden.module.css';
import styles from './connect-sessions.module.css';

const text = ConnectSessionMessages;

/** Today's Connect sessions of the application as a table, each with End session, asked once more. */
export function ConnectSessionsTable({ applicationId }: { applicationId: string }) {
  const queryClient = useQueryClient();
  const queryKey = connectSessionKeys.of(applicationId);
  const sessions = useQuery({
    queryKey,
    queryFn: () => connectSessionsApi.list(applicationId),
  });
  const [asking, setAsking] = useState<ConnectSession | null>(null);
  const end = useAction(async (session: ConnectSession) => {
    try {
      notify.success((await connectSessionsApi.end(applicationId, session.id)).message);
    } finally {
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey });
    }
    // Its row and button are gone, and the closed dialog gave focus back to that button:
    // focus moves to the section's heading, not the page.
    document.getElementById(CONNECT_SESSIONS_TITLE_ID)?.focus();
  });

  if (sessions.isPending) return <p role="status">{text.loading}</p>;
  if (sessions.isError) {
    return (
      <div role="alert">
        <p className={styles.failed}>{errorMessage(sessions.error)}</p>
        <Button variant="secondary" onClick={() => void sessions.refetch()}>
          {text.retry}
        </Button>
      </div>
    );
  }
  const list = sessions.data.sessions;
  if (list.length === 0) return <p className={styles.empty}>{text.empty}</p>;
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={hidden.visuallyHidden}>{text.title}</caption>
          <thead>
            <tr>
              <th scope="col">{text.clientCode}</th>
              <th scope="col">{text.since}</th>
              <th scope="col">{text.address}</th>
              <th scope="col">
                <span className={hidden.visuallyHidden}>{text.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((session) => (
              <tr key={session.id}>
                <th scope="row">{session.clientCode}</th>
                <td>
                  <time dateTime={session.since}>{formatTime(session.since)}</time>
                </td>
                <td>
                  <code>{session.ip}</code>
                </td>
                <td>
                  <Button variant="secondary" onClick={() => setAsking(session)}>
                    {text.endSession}{' '}
                    <span className={hidden.visuallyHidden}>{session.clientCode}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Modal isOpen={asking !== null} onClose={() => setAsking(null)} title={text.confirmTitle}>
        <p>{text.confirmText(asking?.clientCode ?? '')}</p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setAsking(null)} disabled={end.isRunning}>
            {text.cancel}
          </Button>
          <Button
            variant="danger"
            disabled={end.isRunning}
            isLoading={end.isRunning}
            onClick={() => {
              if (asking !== null) void end.run(asking);
            }}
          >
            {text.endSession}
          </Button>
        </div>
      </Modal>
    </>
  );
}
