import { useState } from 'react';
import { NavLink, Outlet, useLoaderData, useMatches, useNavigate } from 'react-router';
import { mayUse, type Operator, type OpsArea } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { Button } from '../../web/ui/Button.js';
import { errorMessage } from '../api/ops-call.js';
import { loginPathWith } from '../session/login-notice.js';
import { signOut } from '../session/session-api.js';
import { OperatorProvider } from '../session/use-operator.js';
import { usePageTitle } from '../ui/use-page-title.js';
import { navFor } from './ops-areas.js';
import styles from './ops-shell.module.css';

/** What a console route declares: the area it belongs to, checked against the role. */
export interface OpsRouteHandle {
  readonly area?: OpsArea;
}

function useArea(): OpsArea | undefined {
  const matches = useMatches();
  return matches
    .map((match) => (match.handle as OpsRouteHandle | undefined)?.area)
    .findLast((area) => area !== undefined);
}

function Forbidden() {
  usePageTitle(OpsMessages.shell.forbiddenTitle);
  return (
    <section aria-labelledby="ops-forbidden-title">
      <h1 id="ops-forbidden-title">{OpsMessages.shell.forbiddenTitle}</h1>
      <p>{OpsMessages.session.forbidden}</p>
    </section>
  );
}

/**
 * The signed-in console: who is signed in, the areas the role may use (the server checks
 * each call anyway), Sign out, and the page; a page of an area the role may not use shows
 * the forbidden text instead and calls nothing.
 */
export function OpsShell() {
  const operator = useLoaderData<Operator>();
  const navigate = useNavigate();
  const area = useArea();
  const [isLeaving, setIsLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const leave = async () => {
    setIsLeaving(true);
    setFailure(null);
    try {
      await signOut();
      await navigate(loginPathWith('signedOut'));
    } catch (error) {
      setFailure(errorMessage(error));
      setIsLeaving(false);
    }
  };
  const roleName = OpsMessages.roles[operator.role];
  return (
    <OperatorProvider operator={operator}>
      <a href="#ops-main" className={styles.skipLink}>
        {OpsMessages.shell.skipToContent}
      </a>
      <header className={styles.header}>
        <span className={styles.title}>{OpsMessages.title}</span>
        <p className={styles.who}>{OpsMessages.nav.signedInAs(operator.email, roleName)}</p>
        <Button variant="secondary" onClick={() => void leave()} isLoading={isLeaving}>
          {OpsMessages.nav.signOut}
        </Button>
        {failure !== null && (
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        )}
      </header>
      <div className={styles.body}>
        <nav aria-label={OpsMessages.nav.label} className={styles.nav}>
          <ul>
            {navFor(operator.role).map((item) => (
              <li key={item.area}>
                <NavLink to={item.path} className={styles.navLink ?? ''}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="ops-main" tabIndex={-1} className={styles.main}>
          {area === undefined || mayUse(operator.role, area) ? <Outlet /> : <Forbidden />}
        </main>
      </div>
    </OperatorProvider>
  );
}
