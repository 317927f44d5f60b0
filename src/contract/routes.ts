/**
 * The client routes of docs/product.md section 2 with the meta each sets on navigation (title,
 * description, canonical). The web app's route table and the server's deep-link answers
 * read the same entries.
 */
export interface RouteMeta {
  readonly title: string;
  /** May hold {product}, filled from the brand settings. */
  readonly description: string;
  /** Appended to the configured base for the canonical link; the current path when absent. */
  readonly canonical?: string;
}

export const ClientPaths = {
  root: '/',
  login: '/login',
  signup: '/signup',
  verifyOtp: '/verify-otp',
  flowLoginCallback: '/flow-login-callback',
  myApps: '/create-new-app',
  createApp: '/create-app',
  updateApp: '/update-app/:applicationId',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Ours: profile, password and sessions of the signed-in developer. */
  account: '/account',
  /** Ours: the developer's activity log. */
  activity: '/activity',
  /** Ours: an application's postback delivery log. */
  postbacks: '/update-app/:applicationId/postbacks',
} as const;

/** The id of the account screen's sessions list: security e-mails link to `/account#sessions`. */
export const ACCOUNT_SESSIONS_ID = 'sessions';
/** The account screen's second-factor section, where a required factor is set up. */
export const ACCOUNT_TWO_FACTOR_ID = 'two-factor';

export type ClientRoute = keyof typeof ClientPaths;

export function updateAppPath(applicationId: string): string {
  return `/update-app/${encodeURIComponent(applicationId)}`;
}

export function postbacksPath(applicationId: string): string {
  return `${updateAppPath(applicationId)}/postbacks`;
}

export const RouteMetas: Readonly<Record<ClientRoute | 'notFound', RouteMeta>> = {
  root: {
    title: 'Developer Portal',
    description:
      'Build trading & investing platforms with our powerful and developer-friendly APIs. Create {product} API apps, keys and IP allowlists.',
    canonical: '/',
  },
  login: {
    title: 'Login',
    description: 'Sign in to the {product} developer portal to create and manage your API apps.',
    canonical: '/login',
  },
  signup: {
    title: 'Sign Up',
    description: 'Create a {product} developer account to get API keys for your trading apps.',
    canonical: '/signup',
  },
  verifyOtp: {
    title: 'Verify OTP',
    description:
      'Enter the 6-digit code we e-mailed you to verify your {product} developer account.',
    canonical: '/verify-otp',
  },
  flowLoginCallback: {
    title: 'Signing you in',
    description: 'Completing your {product} sign-in to the developer portal.',
    canonical: '/flow-login-callback',
  },
  myApps: {
    title: 'My Apps',
    description: 'Your {product} API apps: keys, status and renewal dates.',
    canonical: '/create-new-app',
  },
  createApp: {
    title: 'Create a new app',
    description: 'Create a {product} API app: redirect and postback URLs, icon and static IPs.',
    canonical: '/create-app',
  },
  updateApp: {
    title: 'App details',
    description: 'View and update your {product} API app, its key and its IP allowlist.',
  },
  forgotPassword: {
    title: 'Forgot Password',
    description: 'Get a code by e-mail to reset your {product} developer portal password.',
    canonical: '/forgot-password',
  },
  resetPassword: {
    title: 'Reset Password',
    description: 'Set a new password for your {product} developer portal account.',
    canonical: '/reset-password',
  },
  account: {
    title: 'My Account',
    description: 'Your {product} developer profile, password and signed-in devices.',
    canonical: '/account',
  },
  activity: {
    title: 'Activity',
    description: 'Every sign-in and change to your {product} developer account and API apps.',
    canonical: '/activity',
  },
  postbacks: {
    title: 'Postback deliveries',
    description: 'The postbacks sent to your {product} API app: attempts, answers and replays.',
  },
  notFound: {
    title: 'Page not found',
    description: 'The page you asked for is not part of the {product} developer portal.',
  },
};

const PATTERNS: ReadonlyArray<readonly [RegExp, ClientRoute]> = [
  [/^\/$/, 'root'],
  [/^\/login$/, 'login'],
  [/^\/signup$/, 'signup'],
  [/^\/verify-otp$/, 'verifyOtp'],
  [/^\/flow-login-callback$/, 'flowLoginCallback'],
  [/^\/create-new-app$/, 'myApps'],
  [/^\/create-app$/, 'createApp'],
  [/^\/update-app\/[^/]+$/, 'updateApp'],
  [/^\/update-app\/[^/]+\/postbacks$/, 'postbacks'],
  [/^\/forgot-password$/, 'forgotPassword'],
  [/^\/reset-password$/, 'resetPassword'],
  [/^\/account$/, 'account'],
  [/^\/activity$/, 'activity'],
];

/** Which route of docs/product.md section 2 a path is, or undefined for any other path. */
export function routeOfPath(pathname: string): ClientRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PATTERNS.find(([pattern]) => pattern.test(path))?.[1];
}

export interface ResolvedMeta {
  readonly title: string;
  readonly description: string;
  readonly canonicalUrl: string;
}

/** Fills a route's meta for a brand: the page title, description and canonical URL. */
export function resolveMeta(
  meta: RouteMeta,
  productName: string,
  publicUrl: string,
  currentPath: string,
): ResolvedMeta {
  return {
    title: `${meta.title} | ${productName} Developers`,
    description: meta.description.replaceAll('{product}', productName),
    canonicalUrl: publicUrl + (meta.canonical ?? currentPath),
  };
}
