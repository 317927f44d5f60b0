import { Navigate } from 'react-router';
import { OpsMessages } from '../../contract/ops-messages.js';
import { Button } from '../../web/ui/Button.js';
import { useOperator } from '../session/use-operator.js';
import { usePageTitle } from '../ui/use-page-title.js';
import { landingPathFor } from './ops-areas.js';

/** /ops: the first area the role may use. */
export function OpsLanding() {
  return <Navigate to={landingPathFor(useOperator().role)} replace />;
}

export function OpsNotFound() {
  usePageTitle(OpsMessages.shell.notFoundTitle);
  return (
    <section aria-labelledby="ops-not-found-title">
      <h1 id="ops-not-found-title">{OpsMessages.shell.notFoundTitle}</h1>
      <p>{OpsMessages.shell.notFound}</p>
    </section>
  );
}

/** Shown when a page fails to load or render, instead of a blank window, with a reload. */
export function OpsErrorPage() {
  usePageTitle(OpsMessages.shell.failedTitle);
  return (
    <main id="ops-main">
      <section aria-labelledby="ops-error-title">
        <h1 id="ops-error-title">{OpsMessages.shell.failedTitle}</h1>
        <p>{OpsMessages.shell.failed}</p>
        <Button onClick={() => window.location.reload()}>{OpsMessages.shell.reload}</Button>
      </section>
    </main>
  );
}
