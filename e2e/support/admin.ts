import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_ENV, e2eBaseUrl } from './server-env.js';

const run = promisify(execFile);

/** `npm run admin` runs this file (package.json). */
export const ADMIN_ENTRY = path.resolve('dist/server/admin/admin-cli.js');

/**
 * The operator's environment: the one `startPortal` gives the e2e server (portal-process.ts,
 * global-setup.ts), so the command opens the same database (SQLite `portal.db` in DATA_DIR,
 * or DATABASE_URL when the shell sets one, as it would for the server) and the same files.
 */
function adminEnv(): NodeJS.ProcessEnv {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is unset: run through playwright test');
  return {
    ...process.env,
    NODE_ENV: 'development',
    PUBLIC_URL: e2eBaseUrl(),
    ...E2E_ENV,
    DATA_DIR: dataDir,
  };
}

/**
 * Runs `npm run admin -- <args>` (as `node dist/server/admin/admin-cli.js <args>`) and
 * answers its stdout; a non-zero exit fails with the command's output.
 */
export async function runAdmin(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [ADMIN_ENTRY, ...args], {
      env: adminEnv(),
      timeout: 30_000,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`admin ${args.join(' ')} failed\nstdout: ${stdout}\nstderr: ${stderr}`, {
      cause: error,
    });
  }
}
