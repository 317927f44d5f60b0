import type { Application } from '../../../contract/apps.js';
import { Messages } from '../../../contract/messages.js';
import { formatTime } from '../../ui/format-time.js';
import styles from './update-app-page.module.css';

/** The notice's id: the controls the block disables point to it for their reason. */
export const BLOCK_NOTICE_ID = 'app-block-notice';

/**
 * The provider's kill switch on this application or on every application of the account
 * (docs/product.md section 4), with the operator's reason and since when.
 */
export function BlockNotice({ block }: { block: NonNullable<Application['block']> }) {
  const since = formatTime(block.since);
  return (
    <p id={BLOCK_NOTICE_ID} className={styles.holdNotice}>
      {block.scope === 'developer'
        ? Messages.app.developerBlockedNotice(block.reason, since)
        : Messages.app.blockedNotice(block.reason, since)}
    </p>
  );
}
