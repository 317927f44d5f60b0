import { useQuery } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OpsLimits, opsApplicationPath, opsDeveloperPath } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Button } from '../../../web/ui/Button.js';
import { TextField } from '../../../web/ui/TextField.js';
import { findApi, findKeys } from '../../api/find-api.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import uiStyles from '../../ui/ops-ui.module.css';
import { EndClientConnect } from './EndClientConnect.js';
import styles from './find-page.module.css';
import { usePageTitle } from '../../ui/use-page-title.js';

const text = OpsMessages.find;
const appText = OpsMessages.application;

const isLongEnough = (q: string) => q.trim().length >= OpsLimits.searchMinLength;

/**
 * /ops/find: one box for any key of a developer or an application; the query
 * lives in the URL (?q=), so back and forward go through earlier searches. Below, a
 * trading client's Connect sessions ended by client code.
 */
export default function FindPage() {
  usePageTitle(text.title);
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const [tooShort, setTooShort] = useState<string | undefined>(undefined);
  const results = useQuery({
    queryKey: findKeys.search(q.trim()),
    queryFn: () => findApi.search(q.trim()),
    enabled: isLongEnough(q),
  });

  const search = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entry = new FormData(event.currentTarget).get('q');
    const value = typeof entry === 'string' ? entry.trim() : '';
    if (!isLongEnough(value)) {
      setTooShort(text.tooShort);
      return;
    }
    setTooShort(undefined);
    setSearchParams({ q: value });
  };

  const developers = results.data?.developers ?? [];
  const applications = results.data?.applications ?? [];
  return (
    <div className={styles.page}>
      <h1>{text.title}</h1>
      <form className={styles.form} role="search" onSubmit={search} noValidate key={q}>
        <TextField
          className={styles.field}
          label={text.label}
          name="q"
          type="search"
          defaultValue={q}
          error={tooShort}
          maxLength={OpsLimits.searchMaxLength}
          autoComplete="off"
        />
        <Button type="submit" isLoading={results.isFetching}>
          {text.submit}
        </Button>
      </form>
      {results.isError && (
        <LoadFailed
          title={text.loadFailed}
          error={results.error}
          retry={() => void results.refetch()}
        />
      )}
      {results.isSuccess && developers.length === 0 && applications.length === 0 && (
        <p>{text.none}</p>
      )}
      {developers.length > 0 && (
        <section className={uiStyles.section} aria-labelledby="find-developers">
          <h2 id="find-developers">{text.developers}</h2>
          <ul className={uiStyles.plainList}>
            {developers.map((developer) => (
              <li key={developer.id}>
                <Link to={opsDeveloperPath(developer.id)}>{developer.email}</Link>{' '}
                <span>{developer.name}</span>{' '}
                <span className={uiStyles.muted}>
                  ({text.matched(text.matchedBy[developer.matchedBy])})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {applications.length > 0 && (
        <section className={uiStyles.section} aria-labelledby="find-applications">
          <h2 id="find-applications">{text.applications}</h2>
          <ul className={uiStyles.plainList}>
            {applications.map((application) => (
              <li key={application.id}>
                <Link to={opsApplicationPath(application.id)}>{application.name}</Link>{' '}
                <code>{application.clientId}</code>{' '}
                <span>{text.owner(application.developerEmail)}</span>{' '}
                <span>{application.isActive ? appText.active : appText.paused}</span>{' '}
                <span className={uiStyles.muted}>
                  ({text.matched(text.matchedBy[application.matchedBy])})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <EndClientConnect />
    </div>
  );
}
