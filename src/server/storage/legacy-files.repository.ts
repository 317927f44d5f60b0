import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The URLs older versions built from PUBLIC_URL (stored icons and the default icon) become
 * paths, which work on any host. Other absolute URLs (an operator's own default) stay.
 */
export async function relativizeLogoUrls(
  db: Kysely<Database>,
  publicUrl: string,
  paths: { logos: string; defaultIcon: string },
): Promise<void> {
  const logos = `${publicUrl}${paths.logos}/`;
  await db
    .updateTable('applications')
    .set((eb) => ({
      logoUrl: eb.fn<string>('substr', [eb.ref('logoUrl'), eb.val(publicUrl.length + 1)]),
    }))
    .where((eb) =>
      eb.or([
        eb(eb.fn('substr', [eb.ref('logoUrl'), eb.val(1), eb.val(logos.length)]), '=', logos),
        eb('logoUrl', '=', `${publicUrl}${paths.defaultIcon}`),
      ]),
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
