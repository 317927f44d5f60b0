import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  opsApplicationPath,
  opsDeveloperPath,
  type AuditEntry,
  type AuditQuery,
} from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Button } from '../../../web/ui/Button.js';
import { formatTime } from '../../../web/ui/format-time.js';
import { auditApi, auditKeys } from '../../api/audit-api.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import uiStyles from '../../ui/ops-ui.module.css';
import { TableBox } from '../../ui/TableBox.js';

const text = OpsMessages.audit;

/** What an entry concerns, linked to its page in the console when it names one. */
function Target({ entry }: { entry: AuditEntry }) {
  if (entry.applicationId !== null) {
    return <Link to={opsApplicationPath(entry.applicationId)}>{entry.target}</Link>;
  }
  if (entry.developerId !== null) {
    return <Link to={opsDeveloperPath(entry.developerId)}>{entry.target}</Link>;
  }
  return <>{entry.target}</>;
}

/**
 * The entries of one set of filters, newest first, a page at a time by the server's cursor
 * (keyset paging). Keyed by the filters: new filters start again from the newest.
 */
export function AuditEntries({ query }: { query: AuditQuery }) {
  const [cursors, setCursors] = useState<readonly string[]>([]);
  const cursor = cursors.at(-1);
  const pageQuery = { ...query, ...(cursor === undefined ? {} : { cursor }) };
  const page = useQuery({
    queryKey: auditKeys.page(pageQuery),
    queryFn: () => auditApi.page(pageQuery),
    placeholderData: keepPreviousData,
  });
  const entries = page.data?.entries ?? [];
  const nextCursor = page.data?.nextCursor ?? null;
  return (
    <>
      {page.isError && (
        <LoadFailed title={text.loadFailed} error={page.error} retry={() => void page.refetch()} />
      )}
      {page.isSuccess && entries.length === 0 && <p>{text.empty}</p>}
      {entries.length > 0 && (
        <TableBox label={text.title}>
          <table className={uiStyles.table} aria-busy={page.isFetching}>
            <thead>
              <tr>
                <th scope="col">{text.when}</th>
                <th scope="col">{text.operatorColumn}</th>
                <th scope="col">{text.action}</th>
                <th scope="col">{text.target}</th>
                <th scope="col">{text.reason}</th>
                <th scope="col">{text.ip}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                  </td>
                  <td>{entry.operatorEmail}</td>
                  <td>{text.actions[entry.action]}</td>
                  <td>
                    <Target entry={entry} />
                  </td>
                  <td>{entry.reason ?? ''}</td>
                  <td>{entry.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <nav className={uiStyles.actions} aria-label={text.pagesLabel}>
        {cursors.length > 0 && (
          <Button variant="secondary" onClick={() => setCursors([])}>
            {text.newest}
          </Button>
        )}
        {nextCursor !== null && (
          <Button variant="secondary" onClick={() => setCursors([...cursors, nextCursor])}>
            {text.older}
          </Button>
        )}
      </nav>
    </>
  );
}
