import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientRoute } from '../../contract/routes.js';

/**
 * The modules each route's screen loads on demand (`lazy` in src/web/routes.tsx), named as
 * Vite's manifest names them: relative to src/web. The server names their built chunks in
 * `modulepreload` links of the page it sends, so they load beside the main script instead
 * of after it (decision 029).
 */
const SIGNED_IN = ['app-area/screens.ts'];
export const ROUTE_MODULES: Readonly<Record<ClientRoute | 'notFound', readonly string[]>> = {
  root: ['pages/home/HomePage.tsx'],
  login: ['pages/login/LoginPage.tsx'],
  signup: ['pages/signup/SignupPage.tsx'],
  verifyOtp: ['pages/verify-otp/VerifyOtpPage.tsx'],
  forgotPassword: ['pages/forgot-password/ForgotPasswordPage.tsx'],
  resetPassword: ['pages/reset-password/ResetPasswordPage.tsx'],
  flowLoginCallback: ['pages/flow-login-callback/FlowLoginCallbackPage.tsx'],
  // The signed-in screens and their loaders share one chunk (decisions 042 and 043).
  myApps: SIGNED_IN,
  createApp: SIGNED_IN,
  updateApp: SIGNED_IN,
  postbacks: SIGNED_IN,
  account: SIGNED_IN,
  activity: SIGNED_IN,
  notFound: ['pages/not-found/NotFoundPage.tsx'],
};

/** What Vite's build manifest (`build.manifest`) says of one module or shared chunk. */
export interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** Where `vite build` writes the manifest, inside the web root. */
export const MANIFEST_PATH = path.join('.vite', 'manifest.json');

/** The build's manifest, or undefined for a web root without one (no preloads then). */
export async function readManifest(webRoot: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(path.join(webRoot, MANIFEST_PATH), 'utf8')) as Manifest;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

export interface RoutePreloads {
  /** Script chunks, each for a `<link rel="modulepreload">`. */
  readonly scripts: readonly string[];
  /** Their stylesheets, each for a `<link rel="preload" as="style">`. */
  readonly styles: readonly string[];
}

/**
 * The chunks a route's screen needs beyond the main script: its modules and what they import,
 * without the entry (the page names it already). Paths are absolute URLs of the site.
 */
export function routePreloads(manifest: Manifest, route: ClientRoute | 'notFound'): RoutePreloads {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || chunk.isEntry === true || seen.has(key)) return;
    seen.add(key);
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of ROUTE_MODULES[route]) visit(module);
  return { scripts: [...scripts], styles: [...styles] };
}
