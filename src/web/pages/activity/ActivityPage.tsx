import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { ACTIVITY_KINDS } from '../../../contract/activity-kinds.js';
import { Messages } from '../../../contract/messages.js';
import { activityApi, activityPageQuery } from '../../api/activity-api.js';
import { appsQuery } from '../../api/apps-api.js';
import { errorMessage } from '../../api/http.js';
import { Button } from '../../ui/Button.js';
import { saveBlob } from '../../ui/save-blob.js';
import { useAction } from '../../ui/use-action.js';
import {
  NO_FILTERS,
  isDayOrEmpty,
  queryOf,
  type ActivityFilterValues,
} from './activity-filters.js';
import { DayField } from './DayField.js';
import { ActivityList } from './ActivityList.js';
import styles from './activity-page.module.css';

const text = Messages.activity;

/**
 * /activity (docs/product.md section 2): the developer's own events newest first, filtered by application,
 * kind and dates, a page at a time (older pages by the server's cursor), and as CSV.
 */
export default function ActivityPage() {
  const [filters, setFilters] = useState<ActivityFilterValues>(NO_FILTERS);
  // The days as typed when one of them could not be read: the form shows them with the error.
  const [unread, setUnread] = useState<ActivityFilterValues | null>(null);
  // The cursors of the pages before this one: empty on the newest page.
  const [cursors, setCursors] = useState<readonly string[]>([]);
  const cursor = cursors.at(-1);
  const query = { ...queryOf(filters), ...(cursor === undefined ? {} : { cursor }) };
  const page = useQuery({ ...activityPageQuery(query), placeholderData: keepPreviousData });
  const apps = useQuery(appsQuery);
  const exportCsv = useAction(async () =>
    saveBlob(await activityApi.csv(queryOf(filters)), text.csvFileName),
  );

  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = form.get(name);
      return typeof entry === 'string' ? entry : '';
    };
    const typed = {
      applicationId: value('applicationId'),
      kind: value('kind'),
      from: value('from').trim(),
      to: value('to').trim(),
    };
    if (!isDayOrEmpty(typed.from) || !isDayOrEmpty(typed.to)) {
      setUnread(typed);
      return;
    }
    setUnread(null);
    setFilters(typed);
    setCursors([]);
  };
  const clear = () => {
    setUnread(null);
    setFilters(NO_FILTERS);
    setCursors([]);
  };
  const shown = unread ?? filters;

  const events = page.data?.events ?? [];
  const nextCursor = page.data?.nextCursor ?? null;
  return (
    <div className={styles.page}>
      <h1>{text.title}</h1>
      <p className={styles.lead}>{text.lead}</p>
      <form
        className={styles.filters}
        aria-label={text.filtersTitle}
        onSubmit={apply}
        key={JSON.stringify(shown)}
      >
        <label>
          <span>{text.applicationLabel}</span>
          <select name="applicationId" defaultValue={shown.applicationId}>
            <option value="">{text.allApplications}</option>
            {(apps.data ?? []).map((app) => (
              <option key={app.applicationId} value={app.applicationId}>
                {app.applicationName}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{text.kindLabel}</span>
          <select name="kind" defaultValue={shown.kind}>
            <option value="">{text.allKinds}</option>
            {ACTIVITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {text.kinds[kind]}
              </option>
            ))}
          </select>
        </label>
        <DayField
          name="from"
          label={text.fromLabel}
          defaultValue={shown.from}
          isInvalid={!isDayOrEmpty(shown.from)}
        />
        <DayField
          name="to"
          label={text.toLabel}
          defaultValue={shown.to}
          isInvalid={!isDayOrEmpty(shown.to)}
        />
        <div className={styles.actions}>
          <Button type="submit">{text.apply}</Button>
          <Button variant="secondary" onClick={clear}>
            {text.clear}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void exportCsv.run()}
            isLoading={exportCsv.isRunning}
          >
            {text.exportCsv}
          </Button>
        </div>
      </form>

      {page.isError && (
        <div role="alert" className={styles.error}>
          <p>
            {text.loadFailed} {errorMessage(page.error)}
          </p>
          <Button variant="secondary" onClick={() => void page.refetch()}>
            {text.retry}
          </Button>
        </div>
      )}
      {page.isPending && <div className={styles.listPlaceholder} aria-hidden="true" />}
      {page.isSuccess && events.length === 0 && <p>{text.empty}</p>}
      {events.length > 0 && <ActivityList events={events} isBusy={page.isFetching} />}
      <nav className={styles.pager} aria-label={text.pagesLabel}>
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
    </div>
  );
}
