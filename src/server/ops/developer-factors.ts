import type { Kysely } from 'kysely';
import type { OpsDeveloperResponse } from '../../contract/ops.js';
import type { Database } from '../db/schema.js';
import { countPasskeys } from '../passkeys/passkeys.repository.js';
import { countRecoveryCodesLeft, findTotp } from '../two-factor/two-factor.repository.js';

type Factors = OpsDeveloperResponse['developer']['factors'];

/** The developer's second factors as the console shows them: one entry per kind of factor. */
export async function developerFactors(
  db: Kysely<Database>,
  developerId: string,
): Promise<Factors> {
  const totp = await findTotp(db, developerId);
  return {
    authenticatorApp: (totp?.confirmedAt ?? null) !== null,
    passkeys: await countPasskeys(db, developerId),
    recoveryCodesLeft: await countRecoveryCodesLeft(db, developerId),
  };
}
