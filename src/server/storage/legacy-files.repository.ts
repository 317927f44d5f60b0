import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** Icon URLs once built from PUBLIC_URL become paths, which work on any host. */
export async function relativizeLogoUrls(db: Kysely<Database>, publicUrl: string): Promise<void> {
  const prefix = `${publicUrl}/`;
  await db
    .updateTable('applications')
    .set((eb) => ({
      logoUrl: eb.fn<string>('substr', [eb.ref('logoUrl'), eb.val(publicUrl.length + 1)]),
    }))
    .where((eb) =>
      eb(eb.fn('substr', [eb.ref('logoUrl'), eb.val(1), eb.val(prefix.length)]), '=', prefix),
    )
    .execute();
}

/** Points the applications that used an icon file at its content-addressed blob. */
export async function renameLogo(
  trx: Transaction<Database>,
  from: string,
  to: { key: string; url: string },
): Promise<void> {
  await trx
    .updateTable('applications')
    .set({ logoKey: to.key, logoUrl: to.url })
    .where('logoKey', '=', from)
    .execute();
}
