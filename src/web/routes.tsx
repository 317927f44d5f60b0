import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { mentionsLegacyDomain, type Brand } from '../contract/brand.js';
import { ClientPaths, RouteMetas } from '../contract/routes.js';
import { RouteErrorPage } from './pages/RouteErrorPage.js';
import { RootLayout } from './RootLayout.js';
import { storedEmail } from './session/session.js';
import { isAuthenticated } from './session/storage.js';
import { Spinner } from './ui/Spinner.js';
import type { RouteHandle } from './route-handle.js';

const handle = (value: RouteHandle) => value;

/**
 * docs/product.md section 2, the '' row: with a loc naming a legacy domain go to /login keeping loc;
 * with any other loc stay; without loc go to /login.
 */
export function rootRedirect(search: string, brand: Brand): string | null {
  const loc = new URLSearchParams(search).get('loc');
  if (loc === null) return ClientPaths.login;
  if (mentionsLegacyDomain(loc, brand.legacyDomains)) {
    return `${ClientPaths.login}?${new URLSearchParams({ loc }).toString()}`;
  }
  return null;
}

/** docs/product.md section 2: a signed-in developer who loads /login goes to My Apps. */
function guestOnly() {
  return isAuthenticated() ? redirect(ClientPaths.myApps) : null;
}

/** The signed-in screens' one chunk (decision 043). */
const signedIn = () => import('./app-area/screens.js');

function requireAuth() {
  return isAuthenticated() ? null : redirect(ClientPaths.login);
}

/** The route table of docs/product.md section 2: a route is here once its screen exists. */
export function createRoutes(brand: Brand): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      // Shown while the first route's code and loader run.
      hydrateFallbackElement: <Spinner />,
      children: insideLayout([
        {
          path: ClientPaths.root,
          handle: handle({ meta: RouteMetas.root }),
          loader: ({ request }: LoaderFunctionArgs) => {
            const target = rootRedirect(new URL(request.url).search, brand);
            return target === null ? null : redirect(target);
          },
          lazy: async () => ({ Component: (await import('./pages/home/HomePage.js')).default }),
        },
        {
          path: ClientPaths.login,
          handle: handle({ meta: RouteMetas.login, layout: 'login' }),
          loader: guestOnly,
          lazy: async () => ({ Component: (await import('./pages/login/LoginPage.js')).default }),
        },
        {
          path: ClientPaths.signup,
          handle: handle({ meta: RouteMetas.signup }),
          lazy: async () => ({ Component: (await import('./pages/signup/SignupPage.js')).default }),
        },
        {
          path: ClientPaths.verifyOtp,
          handle: handle({ meta: RouteMetas.verifyOtp }),
          loader: () => (storedEmail() === '' ? redirect(ClientPaths.signup) : null),
          lazy: async () => ({
            Component: (await import('./pages/verify-otp/VerifyOtpPage.js')).default,
          }),
        },
        {
          path: ClientPaths.forgotPassword,
          handle: handle({ meta: RouteMetas.forgotPassword }),
          lazy: async () => ({
            Component: (await import('./pages/forgot-password/ForgotPasswordPage.js')).default,
          }),
        },
        {
          path: ClientPaths.resetPassword,
          handle: handle({ meta: RouteMetas.resetPassword }),
          loader: () => (storedEmail() === '' ? redirect(ClientPaths.forgotPassword) : null),
          lazy: async () => ({
            Component: (await import('./pages/reset-password/ResetPasswordPage.js')).default,
          }),
        },
        {
          path: ClientPaths.flowLoginCallback,
          handle: handle({ meta: RouteMetas.flowLoginCallback }),
          lazy: async () => ({
            Component: (await import('./pages/flow-login-callback/FlowLoginCallbackPage.js'))
              .default,
          }),
        },
        {
          // The signed-in screens: unauthenticated visitors go to /login (docs/product.md section 2).
          loader: requireAuth,
          lazy: async () => ({ Component: (await signedIn()).AppArea }),
          children: [
            {
              path: ClientPaths.myApps,
              handle: handle({ meta: RouteMetas.myApps }),
              loader: firstData(async () => (await signedIn()).myAppsData),
              lazy: async () => ({ Component: (await signedIn()).MyAppsPage }),
            },
            {
              path: ClientPaths.createApp,
              handle: handle({ meta: RouteMetas.createApp }),
              lazy: async () => ({ Component: (await signedIn()).CreateAppPage }),
            },
            {
              path: ClientPaths.updateApp,
              // docs/product.md section 2: on this screen the header is desktop only.
              handle: handle({ meta: RouteMetas.updateApp, header: 'desktopOnly' }),
              loader: firstData(async () => (await signedIn()).updateAppData),
              lazy: async () => ({ Component: (await signedIn()).UpdateAppPage }),
            },
            {
              path: ClientPaths.postbacks,
              handle: handle({ meta: RouteMetas.postbacks }),
              lazy: async () => ({ Component: (await signedIn()).PostbackLogPage }),
            },
            {
              path: ClientPaths.account,
              handle: handle({ meta: RouteMetas.account }),
              loader: firstData(async () => (await signedIn()).accountData),
              lazy: async () => ({ Component: (await signedIn()).AccountPage }),
            },
            {
              path: ClientPaths.activity,
              handle: handle({ meta: RouteMetas.activity }),
              loader: firstData(async () => (await signedIn()).activityData),
              lazy: async () => ({ Component: (await signedIn()).ActivityPage }),
            },
          ],
        },
        {
          path: '*',
          handle: handle({ meta: RouteMetas.notFound }),
          lazy: async () => ({
            Component: (await import('./pages/not-found/NotFoundPage.js')).default,
          }),
        },
      ]),
    },
  ];
}

type ScreenData = (args: LoaderFunctionArgs) => Promise<null>;

/**
 * A signed-in screen's loader: its data is asked for beside its code, not once that has run,
 * and its first paint waits briefly for the answer (decision 042). It runs beside the
 * signed-in area's `requireAuth`, so without a session it asks nothing.
 */
function firstData(load: () => Promise<ScreenData>): ScreenData {
  return async (args) => (isAuthenticated() ? (await load())(args) : null);
}

/**
 * A failing screen (its code chunk gone after a deploy, say) shows its error inside the
 * layout, header and footer kept; the root's own boundary is left for the layout itself.
 */
function insideLayout(screens: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteErrorPage />, children: screens }];
}
