import { useState } from 'react';
import type { OpsDeveloperResponse, OpsDoneResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Button } from '../../../web/ui/Button.js';
import { developersApi } from '../../api/developers-api.js';
import { ReasonDialog } from '../../ui/ReasonDialog.js';
import styles from '../../ui/ops-ui.module.css';

const text = OpsMessages.developer;

type Action = 'unlock' | 'endSessions' | 'resendVerification';

const TITLES: Record<Action, string> = {
  unlock: text.unlock,
  endSessions: text.endSessions,
  resendVerification: text.resendVerification,
};

interface DeveloperActionsProps {
  readonly developer: OpsDeveloperResponse['developer'];
  /** The server's message of a done action. */
  readonly onDone: (message: string) => void;
}

/**
 * What support may do to the account, each with an optional reason: unlock while
 * it is locked (the account's lock, or one address's or device's), end every session, resend
 * the verification mail while it is not verified.
 */
export function DeveloperActions({ developer, onDone }: DeveloperActionsProps) {
  const [open, setOpen] = useState<Action | null>(null);
  const act = (reason: string | undefined): Promise<OpsDoneResponse> => {
    const body = reason === undefined ? {} : { reason };
    if (open === 'unlock') return developersApi.unlock(developer.id, body);
    if (open === 'resendVerification') return developersApi.resendVerification(developer.id, body);
    return developersApi.endSessions(developer.id, body);
  };
  return (
    <section className={styles.section} aria-labelledby="developer-actions">
      <h2 id="developer-actions">{text.actions}</h2>
      <div className={styles.actions}>
        {developer.lockedUntil !== null && (
          <Button variant="secondary" onClick={() => setOpen('unlock')}>
            {text.unlock}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setOpen('endSessions')}>
          {text.endSessions}
        </Button>
        {!developer.isVerified && (
          <Button variant="secondary" onClick={() => setOpen('resendVerification')}>
            {text.resendVerification}
          </Button>
        )}
      </div>
      <ReasonDialog
        isOpen={open !== null}
        title={open === null ? '' : TITLES[open]}
        label={text.reasonOptional}
        hint={text.reasonHint}
        act={act}
        onClose={() => setOpen(null)}
        onDone={onDone}
      />
    </section>
  );
}
