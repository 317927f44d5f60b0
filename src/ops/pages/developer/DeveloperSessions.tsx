import type { OpsDeveloperResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { formatTime } from '../../../web/ui/format-time.js';
import styles from '../../ui/ops-ui.module.css';
import { TableBox } from '../../ui/TableBox.js';

const text = OpsMessages.developer;

/** The developer's live sessions: browser, where from, since when, last use. */
export function DeveloperSessions({ sessions }: { sessions: OpsDeveloperResponse['sessions'] }) {
  return (
    <section className={styles.section} aria-labelledby="developer-sessions">
      <h2 id="developer-sessions">{text.sessions}</h2>
      {sessions.length === 0 ? (
        <p className={styles.muted}>{text.noSessions}</p>
      ) : (
        <TableBox label={text.sessions}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{text.browser}</th>
                <th scope="col">{text.sessionIp}</th>
                <th scope="col">{text.place}</th>
                <th scope="col">{text.sessionStarted}</th>
                <th scope="col">{text.lastUsed}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id}>
                  <td>{session.browser}</td>
                  <td>{session.ip}</td>
                  <td>{session.place ?? ''}</td>
                  <td>{formatTime(session.createdAt)}</td>
                  <td>{formatTime(session.lastUsedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}
