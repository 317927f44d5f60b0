import { logoNameOf } from '../../contract/rules.js';
import { iconName, type BlobChange, type BlobRef } from '../storage/blob-store.js';

export interface LogoChoice {
  readonly logoKey: string | null;
  readonly logoUrl: string;
  /** The icon's own file name, cleaned; null for the default icon or a file sent without one. */
  readonly logoName: string | null;
  /** The replaced icon, to remove once the row no longer names it. */
  readonly obsolete: BlobRef | undefined;
}

/**
 * A sent icon replaces the stored one, with the name sent beside it; choosing the default
 * icon drops both; anything else keeps them.
 */
export async function replaceLogo(
  store: BlobChange,
  current: {
    readonly logoKey: string | null;
    readonly logoUrl: string;
    readonly logoName: string | null;
  },
  request: {
    readonly icon: Buffer | undefined;
    readonly name: string | undefined;
    readonly isDefaultChosen: boolean;
    readonly defaultUrl: string;
    readonly urlOf: (key: string) => string;
  },
): Promise<LogoChoice> {
  let { logoKey, logoUrl, logoName } = current;
  if (request.icon !== undefined) {
    logoKey = iconName(request.icon);
    await store.put({ kind: 'logos', key: logoKey }, request.icon);
    logoUrl = request.urlOf(logoKey);
    logoName = request.name === undefined ? null : logoNameOf(request.name);
  } else if (request.isDefaultChosen) {
    logoKey = null;
    logoUrl = request.defaultUrl;
    logoName = null;
  }
  const obsolete: BlobRef | undefined =
    current.logoKey !== null && current.logoKey !== logoKey
      ? { kind: 'logos', key: current.logoKey }
      : undefined;
  return { logoKey, logoUrl, logoName, obsolete };
}
