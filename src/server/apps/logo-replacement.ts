import { iconName, type BlobChange, type BlobRef } from '../storage/blob-store.js';

export interface LogoChoice {
  readonly logoKey: string | null;
  readonly logoUrl: string;
  /** The replaced icon, to remove once the row no longer names it. */
  readonly obsolete: BlobRef | undefined;
}

/**
 * A sent icon replaces the stored one; choosing the default icon drops it; anything else
 * keeps it.
 */
export async function replaceLogo(
  store: BlobChange,
  current: { readonly logoKey: string | null; readonly logoUrl: string },
  request: {
    readonly icon: Buffer | undefined;
    readonly isDefaultChosen: boolean;
    readonly defaultUrl: string;
    readonly urlOf: (key: string) => string;
  },
): Promise<LogoChoice> {
  let logoKey = current.logoKey;
  let logoUrl = current.logoUrl;
  if (request.icon !== undefined) {
    logoKey = iconName(request.icon);
    await store.put({ kind: 'logos', key: logoKey }, request.icon);
    logoUrl = request.urlOf(logoKey);
  } else if (request.isDefaultChosen) {
    logoKey = null;
    logoUrl = request.defaultUrl;
  }
  const obsolete: BlobRef | undefined =
    current.logoKey !== null && current.logoKey !== logoKey
      ? { kind: 'logos', key: current.logoKey }
      : undefined;
  return { logoKey, logoUrl, obsolete };
}
