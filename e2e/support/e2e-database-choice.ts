/** The database the e2e portal runs on: E2E_DATABASE=postgres, or SQLite when unset. */
export type E2eDatabase = 'sqlite' | 'postgres';

function chosen(value: string | undefined): E2eDatabase {
  if (value === undefined || value === '' || value === 'sqlite') return 'sqlite';
  if (value === 'postgres') return 'postgres';
  throw new Error(`E2E_DATABASE must be sqlite or postgres, not ${value}`);
}

export const E2E_DATABASE = chosen(process.env.E2E_DATABASE);
