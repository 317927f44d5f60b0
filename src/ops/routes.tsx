import { redirect, type RouteObject } from 'react-router';
import { OpsClientPaths, type Operator } from '../contract/ops.js';
import { OpsMessages } from '../contract/ops-messages.js';
import { Spinner } from '../web/ui/Spinner.js';
import { lazyPage } from './page-modules.js';
import { fetchOperator } from './session/session-api.js';
import { OpsErrorPage, OpsLanding, OpsNotFound } from './shell/OpsPages.js';
import { OpsShell, type OpsRouteHandle } from './shell/OpsShell.js';

const handle = (value: OpsRouteHandle) => value;

/** The signed-in pages' check: the operator of the live session, or the sign-in page. */
export async function requireOperator(): Promise<Operator | Response> {
  return (await fetchOperator()) ?? redirect(OpsClientPaths.login);
}

/** The console's route table (decision 036): every page loaded on demand. */
export function createOpsRoutes(): RouteObject[] {
  return [
    {
      errorElement: <OpsErrorPage />,
      hydrateFallbackElement: <Spinner label={OpsMessages.shell.loading} />,
      children: [
        {
          path: OpsClientPaths.login,
          lazy: lazyPage('./pages/login/LoginPage.tsx'),
        },
        {
          path: OpsClientPaths.enroll,
          lazy: lazyPage('./pages/enroll/EnrollPage.tsx'),
        },
        {
          path: OpsClientPaths.root,
          loader: requireOperator,
          // A session ended while the console was open sends a call's 401 to the sign-in page.
          shouldRevalidate: () => false,
          Component: OpsShell,
          children: [
            { index: true, Component: OpsLanding },
            {
              path: OpsClientPaths.proofs,
              handle: handle({ area: 'proofs' }),
              lazy: lazyPage('./pages/proofs/ProofQueuePage.tsx'),
            },
            {
              // The pages that read through TanStack Query, and it with them.
              lazy: async () => ({ Component: (await import('./query/QueryArea.js')).default }),
              children: [
                {
                  path: OpsClientPaths.find,
                  handle: handle({ area: 'developers' }),
                  lazy: lazyPage('./pages/find/FindPage.tsx'),
                },
                {
                  path: OpsClientPaths.developer,
                  handle: handle({ area: 'developers' }),
                  lazy: lazyPage('./pages/developer/DeveloperPage.tsx'),
                },
                {
                  path: OpsClientPaths.application,
                  handle: handle({ area: 'developers' }),
                  lazy: lazyPage('./pages/application/ApplicationPage.tsx'),
                },
                {
                  path: OpsClientPaths.audit,
                  handle: handle({ area: 'audit' }),
                  lazy: lazyPage('./pages/audit/AuditPage.tsx'),
                },
                {
                  path: OpsClientPaths.operators,
                  handle: handle({ area: 'operators' }),
                  lazy: lazyPage('./pages/operators/OperatorsPage.tsx'),
                },
              ],
            },
            { path: '*', Component: OpsNotFound },
          ],
        },
      ],
    },
  ];
}
